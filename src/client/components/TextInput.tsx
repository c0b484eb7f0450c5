import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ChangeEvent, FocusEvent, InputHTMLAttributes, ReactNode } from 'react';

export interface TextInputProps {
  id: string;
  name?: string;
  label: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: (e: FocusEvent<HTMLInputElement>) => void;
  error?: boolean;
  helperText?: ReactNode;
  type?: string;
  autoComplete?: string;
  /** The input is required; the label shows no asterisk (its accessible name stays the spec's words). */
  required?: boolean;
  fullWidth?: boolean;
  endAdornment?: ReactNode;
  /** Shown, never changed here: styled as such by the theme (MuiInputBase-readOnly). */
  readOnly?: boolean;
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
}

/**
 * MUI's outlined TextField as the session forms use it, built from its parts (FormControl, InputLabel, OutlinedInput,
 * FormHelperText) with the same markup and ids. TextField itself also imports Select, and with it Menu, Popover and
 * Modal: about 16 kB gzip that /login does not need.
 */
export default function TextInput({ id, name, label, value, onChange, onBlur, error, helperText, type, autoComplete, required, fullWidth, endAdornment, readOnly, htmlInput }: TextInputProps) {
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl className="MuiTextField-root" variant="outlined" error={error} required={required} fullWidth={fullWidth}>
      <InputLabel htmlFor={id} id={`${id}-label`} required={false}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        label={label}
        type={type}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        autoComplete={autoComplete}
        aria-describedby={helperTextId}
        endAdornment={endAdornment}
        readOnly={readOnly}
        inputProps={htmlInput}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
