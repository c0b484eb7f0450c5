import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { INCOMING_TEXTS, type IncomingStock } from '@shared/incoming';
import { fill } from '@shared/messages';
import { formatInteger } from '@shared/money';
import { PRIMARY_ACTION_SX } from '@client/app/problems';
import { incomingDetailLines, preorderable } from '@client/components/incoming';

/** The size a 'Pedir por llegar' is for (the product detail's sizes table or a cell of the grid). */
export interface PreorderTarget {
  sku: string;
  /** The style's name, or the colour in the grid. */
  name: string;
  size: string;
  porLlegar: IncomingStock[];
}

/** A typed quantity within 1..what arrives; the text to show when it was cut. */
export function clampPreorder(raw: string, max: number): { value: string; problem: string | null } {
  const digits = raw.replace(/[^\d]/g, '');
  if (digits === '') return { value: '', problem: null };
  const n = Number(digits);
  if (n > max) return { value: String(max), problem: fill(INCOMING_TEXTS.aboveIncoming, { quantity: formatInteger(max) }) };
  return { value: String(n), problem: null };
}

/**
 * 'Pedir por llegar' of one size (docs/incoming.md): what arrives by date, and a quantity up to every unit arriving that
 * is still free to promise (the server caps it again). Enter or the button adds; the dialog stays while the add runs
 * and closes once the cart took it.
 */
export function PreorderDialog({ target, adding, onAdd, onClose }: { target: PreorderTarget; adding: boolean; onAdd: (quantity: number) => void; onClose: () => void }) {
  const id = useId();
  const max = preorderable(target.porLlegar);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const quantity = Number(value) || 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // held while adding: Enter again does nothing (the saga also takes the first add only)
    if (quantity > 0 && !adding) onAdd(Math.min(quantity, max));
  };

  return (
    <Dialog open onClose={adding ? undefined : onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={`${id}-title`}>{fill(INCOMING_TEXTS.addTitle, { name: target.name, size: target.size })}</DialogTitle>
        <DialogContent>
          <Box component="ul" sx={{ m: 0, mb: 2, pl: 2 }}>
            {incomingDetailLines(target.porLlegar).map((line) => (
              <Typography component="li" key={line}>
                {line}
              </Typography>
            ))}
          </Box>
          <TextField
            autoFocus
            fullWidth
            label={INCOMING_TEXTS.quantity}
            value={value}
            onChange={(e) => {
              const next = clampPreorder(e.target.value, max);
              setValue(next.value);
              setProblem(next.problem);
            }}
            error={Boolean(problem)}
            helperText={problem ?? fill(INCOMING_TEXTS.quantityMax, { quantity: formatInteger(max) })}
            slotProps={{ htmlInput: { inputMode: 'numeric', min: 1, max } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={adding}>
            {INCOMING_TEXTS.cancel}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={quantity <= 0}
            startIcon={adding ? <CircularProgress size={18} color="inherit" aria-label={INCOMING_TEXTS.adding} /> : undefined}
            // held while adding, not disabled: the focus stays on it
            aria-disabled={adding || undefined}
            sx={PRIMARY_ACTION_SX}
          >
            {INCOMING_TEXTS.add}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
