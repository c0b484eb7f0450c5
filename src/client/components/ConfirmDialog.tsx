import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useReturnFocus } from './returnFocus';

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
  /** The button focused on opening: the safe choice (negative) unless a prompt asks for the positive one. */
  focus?: 'positive' | 'negative';
}

/**
 * The confirmation a saga asks for. The focus starts on the safe choice (the negative one: a stray Enter declines,
 * it never deletes) and goes back to what opened the dialog when it closes (components/returnFocus).
 */
export function ConfirmDialog({ open, title, text, positiveText, negativeText, onConfirm, onDecline, focus = 'negative' }: ConfirmDialogProps) {
  const safe = focus === 'negative' && Boolean(negativeText);
  const titleId = useId();
  const textId = useId();
  useReturnFocus(open);
  return (
    <Dialog open={open} onClose={onDecline} aria-labelledby={titleId} aria-describedby={text ? textId : undefined} disableRestoreFocus>
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
