import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useId } from 'react';
import { companyDataSchema, type CompanyDataForm } from '@shared/schemas/profile';
import { useFocusFirstError } from '@client/components/focusFirstError';
import { PROFILE_TEXT } from './profileTexts';

interface Props {
  open: boolean;
  initial: CompanyDataForm;
  onCancel: () => void;
  /** Valid, trimmed values for the draft; nothing is sent yet. */
  onAccept: (values: CompanyDataForm) => void;
}

const fields: { name: keyof CompanyDataForm; label: string; type: string; autoComplete: string; inputMode?: 'email' | 'tel' }[] = [
  { name: 'giro', label: PROFILE_TEXT.giro, type: 'text', autoComplete: 'off' },
  { name: 'mail', label: PROFILE_TEXT.mail, type: 'email', autoComplete: 'email', inputMode: 'email' },
  { name: 'telefono', label: PROFILE_TEXT.telefono, type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
];

/** Datos Empresa popup: giro, email and phone (Formik + the server's companyDataSchema). */
export function CompanyDataDialog({ open, initial, onCancel, onAccept }: Props) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{PROFILE_TEXT.editCompany}</DialogTitle>
      {/* the dialog mounts its content while open only, so every opening starts from the current draft */}
      <CompanyDataFormBody initial={initial} onCancel={onCancel} onAccept={onAccept} />
    </Dialog>
  );
}

function CompanyDataFormBody({ initial, onCancel, onAccept }: Omit<Props, 'open'>) {
  const idPrefix = useId();
  const formik = useFormik<CompanyDataForm>({
    initialValues: initial,
    validationSchema: companyDataSchema,
    // Formik marks every field touched on submit, so an invalid submit shows all messages
    onSubmit: (values) => onAccept({ giro: values.giro.trim(), mail: values.mail.trim(), telefono: values.telefono.trim() }),
  });
  // a refused submit takes the focus to the first field in error (components/focusFirstError)
  const formRef = useFocusFirstError(formik);
  const fieldError = (name: keyof CompanyDataForm) => (formik.touched[name] && formik.errors[name]) || undefined;

  return (
    <form ref={formRef} noValidate onSubmit={formik.handleSubmit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {fields.map((field) => (
            <TextField
              key={field.name}
              id={`${idPrefix}-${field.name}`}
              name={field.name}
              label={field.label}
              type={field.type}
              value={formik.values[field.name]}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
              error={Boolean(fieldError(field.name))}
              helperText={fieldError(field.name)}
              autoComplete={field.autoComplete}
              required
              fullWidth
              slotProps={{ inputLabel: { required: false }, htmlInput: { inputMode: field.inputMode } }}
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{PROFILE_TEXT.cancel}</Button>
        <Button type="submit" variant="contained">
          {PROFILE_TEXT.accept}
        </Button>
      </DialogActions>
    </form>
  );
}
