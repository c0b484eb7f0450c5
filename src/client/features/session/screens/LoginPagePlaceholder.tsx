import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MSG } from '@shared/messages';

/**
 * /login while QA replays a scenario: the login page is a page of its own (decision D22), which a replay does not
 * leave the SPA for; this stands in its place.
 */
export default function LoginPagePlaceholder() {
  return (
    <Paper component="section" aria-labelledby="login-placeholder-title" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 520, mx: 'auto' }}>
      <Typography id="login-placeholder-title" variant="h1" component="h1" gutterBottom>
        {MSG.loginTitle}
      </Typography>
      <Typography>La página de ingreso se abre aparte; durante la reproducción se muestra el estado grabado en esta página.</Typography>
    </Paper>
  );
}
