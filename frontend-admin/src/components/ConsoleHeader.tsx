import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import { AppBar, Button, Toolbar, Typography } from '@mui/material';
import { LOGOUT_URL, PRODUCT_NAME, USER_VIEW_URL } from '@/constants';

/** PRODUCT.md §2: product title, the welcome text, User View (to /) and logout (to /logout). */
export function ConsoleHeader({ welcome }: { welcome: string }) {
  return (
    <AppBar position="static" color="primary" elevation={1} component="header">
      <Toolbar sx={{ gap: { xs: 1, sm: 2 }, flexWrap: 'wrap', py: { xs: 1, sm: 0 } }}>
        <Typography variant="h6" component="span" sx={{ fontWeight: 700, flexGrow: 1 }}>
          {PRODUCT_NAME}
        </Typography>
        <Typography variant="body2" component="span">
          {welcome}
        </Typography>
        <Button color="inherit" variant="outlined" size="small" startIcon={<PersonIcon />} href={USER_VIEW_URL}>
          User View
        </Button>
        <Button color="inherit" size="small" startIcon={<LogoutIcon />} href={LOGOUT_URL}>
          Logout
        </Button>
      </Toolbar>
    </AppBar>
  );
}
