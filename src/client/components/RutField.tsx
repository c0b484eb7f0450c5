import type { ReactNode } from 'react';
import { formatRut } from '@shared/rut';
import TextInput from './TextInput';

interface Props {
  id: string;
  name: string;
  label: string;
  value: string;
  /** Receives the value already formatted as dotted digits, dash and upper-case check digit. */
  onChange: (formatted: string) => void;
  onBlur?: (e: React.FocusEvent) => void;
  error?: string;
  helperText?: ReactNode;
  readOnly?: boolean;
  /** Default true; false for an optional rut (a person's company, left empty for a company's own login). */
  required?: boolean;
}

/** A rut input that formats as the user types (R-RUT-1); the label has no asterisk so its name is the spec's word. */
export default function RutField({ id, name, label, value, onChange, onBlur, error, helperText, readOnly, required = true }: Props) {
  return (
    <TextInput
      id={id}
      name={name}
      label={label}
      value={value}
      onChange={(e) => onChange(formatRut(e.target.value))}
      onBlur={onBlur}
      error={Boolean(error)}
      helperText={error ?? helperText}
      autoComplete="username"
      required={required}
      fullWidth
      readOnly={readOnly}
      htmlInput={{ maxLength: 12, inputMode: 'text' }}
    />
  );
}
