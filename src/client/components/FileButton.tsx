import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import { useId, useRef, type ChangeEvent, type ReactNode } from 'react';

// A file field as one control (R-A11Y-1, axe 'nested-interactive'): a real button that opens the browser's file
// chooser of a real file input beside it. The input keeps the form's behaviour (the chosen File, accept, a test's
// setInputFiles) and is named too, but it is neither seen nor a Tab stop: the button is what a person and a screen
// reader use.

const hidden = { position: 'absolute', width: 1, height: 1, margin: -1, padding: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

export interface FileButtonProps {
  /** The button's visible text. */
  children: ReactNode;
  /** The button's name when its text alone does not say which file it asks for; it starts with the visible text. */
  buttonLabel?: string;
  /** The input's name: what the file is. */
  inputLabel: string;
  name: string;
  accept: string;
  /** The hint or error below the button. */
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  /** Its file is on its way: the button keeps the focus but opens nothing (as components/heldButton). */
  held?: boolean;
  startIcon?: ReactNode;
  color?: ButtonProps['color'];
  size?: ButtonProps['size'];
  sx?: ButtonProps['sx'];
  /** The chosen file (null when the chooser was closed without one). */
  onChoose: (file: File | null) => void;
}

export function FileButton({ children, buttonLabel, inputLabel, name, accept, describedBy, invalid, disabled, held = false, startIcon, color, size, sx, onChoose }: FileButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = ''; // choosing the same file again is a change too
    onChoose(file);
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={startIcon}
        color={color}
        size={size}
        sx={sx}
        disabled={disabled}
        aria-label={buttonLabel}
        aria-describedby={describedBy}
        // held as components/heldButton does (aria-disabled, MUI's disabled look, no action), keeping the focus
        aria-disabled={held || undefined}
        className={held ? 'Mui-disabled' : undefined}
        onClick={held ? undefined : () => input.current?.click()}
      >
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        name={name}
        accept={accept}
        aria-label={inputLabel}
        aria-describedby={describedBy}
        aria-invalid={invalid ? 'true' : undefined}
        aria-hidden="true"
        tabIndex={-1}
        disabled={disabled}
        onChange={choose}
        style={hidden}
      />
    </>
  );
}

export interface FileFieldProps extends Omit<FileButtonProps, 'describedBy' | 'invalid' | 'color'> {
  /** The rule's message: the button and its text turn red. */
  error?: string | null;
  /** The text of a file chosen ('Archivo elegido: foto.png'). */
  chosen?: string;
  /** What to choose, while nothing is chosen and nothing is wrong. */
  hint?: string;
}

/**
 * The file field of every upload form (the admin's images and PDFs, the cheque photo of the order summary): the
 * FileButton, and below it the error, else the chosen file, else the hint, which the button and the input are
 * described by.
 */
export function FileField({ error, chosen, hint, sx, ...button }: FileFieldProps) {
  const helperId = useId();
  return (
    <Box>
      <FileButton {...button} sx={sx} describedBy={helperId} invalid={Boolean(error)} color={error ? 'error' : 'primary'} />
      <FormHelperText id={helperId} error={Boolean(error)} sx={{ overflowWrap: 'anywhere' }}>
        {error ?? chosen ?? hint}
      </FormHelperText>
    </Box>
  );
}
