import { Box, Container, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { SUPERADMIN_TITLE, WELCOME_SUPERADMIN } from '@/constants';
import { fitNarrowScreens } from './AdminLayout';
import { ConferenceZoneGate } from './ConferenceZoneGate';
import { ConsoleHeader } from './ConsoleHeader';
import { ToastBridge } from './ToastBridge';

export function SuperAdminLayout({ children }: { children?: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.50' }}>
      <ToastBridge />
      <ConsoleHeader welcome={WELCOME_SUPERADMIN} />
      <Container maxWidth="xl" component="main" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 }, ...fitNarrowScreens }}>
        <Typography variant="h4" component="h1" sx={{ mb: 3, fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
          {SUPERADMIN_TITLE}
        </Typography>
        <ConferenceZoneGate>{children}</ConferenceZoneGate>
      </Container>
    </Box>
  );
}
