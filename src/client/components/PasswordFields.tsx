import TextField from '@mui/material/TextField';
import type { FormikProps } from 'formik';

export interface PasswordFieldSpec<Name extends string> {
  name: Name;
  label: string;
  autoComplete: string;
}

/**
 * The password fields of a Formik form (a password change, a set-your-password link): required, each error shown
 * once the field was touched, the browser told which password each is.
 */
export function PasswordFields<Name extends string, Values extends Record<Name, string>>({
  idPrefix,
  fields,
  formik,
}: {
  idPrefix: string;
  fields: readonly PasswordFieldSpec<Name>[];
  formik: Pick<FormikProps<Values>, 'values' | 'touched' | 'errors' | 'handleChange' | 'handleBlur'>;
}) {
  return fields.map((field) => {
    const touched = Boolean((formik.touched as Record<string, unknown>)[field.name]);
    const error = touched ? (formik.errors as Record<string, string | undefined>)[field.name] : undefined;
    return (
      <TextField
        key={field.name}
        id={`${idPrefix}-${field.name}`}
        name={field.name}
        label={field.label}
        type="password"
        value={formik.values[field.name]}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={Boolean(error)}
        helperText={error}
        autoComplete={field.autoComplete}
        required
        fullWidth
        slotProps={{ inputLabel: { required: false } }}
      />
    );
  });
}
