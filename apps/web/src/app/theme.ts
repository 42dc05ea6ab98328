import { createTheme } from '@mui/material/styles';

const focusRing = '#f2a900';

const baseTheme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#0b5d6b', light: '#3f8a97', dark: '#06404a', contrastText: '#ffffff' },
    secondary: { main: '#2f6fb3', contrastText: '#ffffff' },
    background: { default: '#f3f6f8', paper: '#ffffff' },
    text: { primary: '#1b2a33', secondary: '#4f616c' },
    divider: '#dde4e8',
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.625rem', fontWeight: 500, lineHeight: 1.25 },
    h2: { fontSize: '1.25rem', fontWeight: 500, lineHeight: 1.3 },
    button: { textTransform: 'none', fontWeight: 500 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // A visible ring for keyboard users on every interactive element (WCAG 2.4.7).
        ':focus-visible': { outline: `3px solid ${focusRing}`, outlineOffset: 2 },
        '.MuiInputBase-input:focus-visible': { outline: 'none' },
      },
    },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiLink: { defaultProps: { underline: 'hover' } },
    MuiListItemButton: {
      styleOverrides: {
        root: {
          '&.Mui-selected': { backgroundColor: 'rgba(11, 93, 107, 0.12)', color: '#06404a', fontWeight: 500 },
          '&.Mui-selected .MuiListItemIcon-root': { color: 'inherit' },
        },
      },
    },
  },
});

/** Headings grow a little on wider screens; the sizes above suit a phone. */
export const theme = createTheme(baseTheme, {
  typography: {
    h1: { [baseTheme.breakpoints.up('sm')]: { fontSize: '2rem' } },
    h2: { [baseTheme.breakpoints.up('sm')]: { fontSize: '1.375rem' } },
  },
});
