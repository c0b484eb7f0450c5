import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { brandName } from './brand';

export function Footer() {
  return (
    <Box component="footer" sx={{ mt: 'auto', bgcolor: 'primary.main', color: 'primary.contrastText', textAlign: 'center' }}>
      <Box component="img" src="/footer.svg" alt="" sx={{ display: 'block', width: '100%', height: { xs: 48, sm: 72 }, objectFit: 'cover' }} />
      <Typography variant="body2" sx={{ py: 1 }}>
        © {new Date().getFullYear()} {brandName}
      </Typography>
    </Box>
  );
}
