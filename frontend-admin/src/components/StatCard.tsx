import { Card, CardContent, Typography } from '@mui/material';

/** One figure of a dashboard tab (Billing, Insights): its label, the value large, an optional caption. */
export function StatCard({ label, value, caption }: { label: string; value: string; caption?: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
          {value}
        </Typography>
        {caption && (
          <Typography variant="caption" color="text.secondary">
            {caption}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
