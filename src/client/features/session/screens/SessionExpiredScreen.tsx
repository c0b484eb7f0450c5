import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { MSG } from '@shared/messages';

/** /session-expired: where a 401 on an authenticated call lands. */
export default function SessionExpiredScreen() {
  return (
    <Paper component="section" aria-labelledby="session-expired-title" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 520, mx: 'auto', textAlign: 'center' }}>
      <Typography id="session-expired-title" variant="h1" component="h1" gutterBottom>
        {MSG.sessionExpiredTitle}
      </Typography>
      <Typography sx={{ mb: 3 }}>{MSG.sessionExpired}</Typography>
      <Button component={RouterLink} to="/login" variant="contained">
        {MSG.sessionExpiredButton}
      </Button>
    </Paper>
  );
}
