import { defaultTheme } from 'react-admin';

/** react-admin's default theme in the product's colours. */
export const consoleTheme = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#0f3d5e' },
    secondary: { main: '#f59e0b' },
  },
  components: {
    ...defaultTheme.components,
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none', whiteSpace: 'nowrap' } } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none', fontSize: '0.95rem' } } },
  },
};
