import { createTheme } from '@mui/material/styles';
import { esES } from '@mui/material/locale';

export const DRAWER_WIDTH = 240;

export const theme = createTheme(
  {
    palette: {
      primary: { main: '#1f3a5f' },
      secondary: { main: '#c8553d' },
      background: { default: '#f5f6f8' },
    },
    shape: { borderRadius: 8 },
    typography: { h1: { fontSize: '1.75rem', fontWeight: 600 }, h2: { fontSize: '1.4rem', fontWeight: 600 } },
  },
  esES,
);
