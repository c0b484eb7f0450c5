import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text?: string;
  positiveText: string;
  /** Absent: an information dialog with one button (closing it is the same as pressing it). */
  negativeText?: string;
  onConfirm: () => void;
  /** Also called on Escape or a click outside: closing without choosing is declining. */
  onDecline: () => void;
  /** The button focused on opening: 'negative' for the safe choice when the positive one has consequences. */
  focus?: 'positive' | 'negative';
}

export function ConfirmDialog({ open, title, text, positiveText, negativeText, onConfirm, onDecline, focus = 'positive' }: ConfirmDialogProps) {
  const safe = focus === 'negative' && Boolean(negativeText);
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onDecline} aria-labelledby={titleId} aria-describedby={text ? textId : undefined}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {text && (
        <DialogContent>
          <DialogContentText id={textId}>{text}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        {negativeText && (
          <Button onClick={onDecline} autoFocus={safe}>
            {negativeText}
          </Button>
        )}
        <Button onClick={onConfirm} variant="contained" autoFocus={!safe}>
          {positiveText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

// the shell loads it on demand (app/Layout)
export default ConfirmDialog;
