import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { MSG } from '@shared/messages';
import { PAYMENTS_TEXT } from './paymentsTexts';

/** The payment routes are open (R-NAV-1), but reading a payment needs the buyer's session. */
export function LoginNeeded() {
  return (
    <Alert
      severity="warning"
      action={
        <Button component={RouterLink} to="/login" color="inherit" size="small">
          {MSG.loginRequiredButton}
        </Button>
      }
    >
      {PAYMENTS_TEXT.loginNeeded}
    </Alert>
  );
}
