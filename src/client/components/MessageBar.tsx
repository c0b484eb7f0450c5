import CloseIcon from '@mui/icons-material/Close';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import IconButton from '@mui/material/IconButton';
import type { GlobalMessage } from '../app/messageSlice';

export interface MessageBarProps {
  message: GlobalMessage | null;
  /** Defaults to reloading the page, as the spec's refresh button does. */
  onRefresh?: () => void;
  /** The close button; without it the bar has none. */
  onClose?: () => void;
}

/** The global message bar: 'Error' or 'Advertencia' with its text, a refresh button (R-GEN-4) and a close button. */
export function MessageBar({ message, onRefresh = () => window.location.reload(), onClose }: MessageBarProps) {
  if (!message) return null;
  return (
    <Alert
      severity={message.tipoMessage === 'Error' ? 'error' : 'warning'}
      sx={{ mb: 2 }}
      action={
        <>
          <IconButton color="inherit" size="small" aria-label="Recargar página" onClick={onRefresh}>
            <RefreshIcon fontSize="small" />
          </IconButton>
          {onClose && (
            <IconButton color="inherit" size="small" aria-label="Cerrar mensaje" onClick={onClose}>
              <CloseIcon fontSize="small" />
            </IconButton>
          )}
        </>
      }
    >
      <AlertTitle>{message.tipoMessage}</AlertTitle>
      {message.message}
    </Alert>
  );
}
