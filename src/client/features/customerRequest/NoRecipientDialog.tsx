import ErrorIcon from '@mui/icons-material/Error';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { CUSTOMER_REQUEST_MSG } from '@shared/schemas/customerRequest';
import { CUSTOMER_REQUEST_TEXT } from './customerRequestTexts';

/** R-REQ-3: no CREATION_USER recipient → 'Solicitud Creación Cliente' with the text and an error icon. */
export function NoRecipientDialog({ open, text, onClose }: { open: boolean; text: string; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="no-recipient-title" aria-describedby="no-recipient-text">
      <DialogTitle id="no-recipient-title">{CUSTOMER_REQUEST_MSG.dialogTitle}</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <ErrorIcon color="error" fontSize="large" titleAccess={CUSTOMER_REQUEST_TEXT.errorIcon} />
          <DialogContentText id="no-recipient-text">{text}</DialogContentText>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          {CUSTOMER_REQUEST_TEXT.accept}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
