import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { SAVED_LIST_NAME_MAX, savedListSchema } from '@shared/schemas/savedLists';
import { PRIMARY_ACTION_SX } from '@client/app/problems';

/** A list's name, checked with the schema the server checks it with (create and rename). */
export function ListNameForm(props: { id: string; label: string; submitLabel: string; initial?: string; busy: boolean; onSubmit: (name: string) => void; onCancel?: () => void; cancelLabel?: string }) {
  const { id, label, submitLabel, initial = '', busy, onSubmit, onCancel, cancelLabel } = props;
  const form = useFormik({
    initialValues: { name: initial },
    validationSchema: savedListSchema,
    onSubmit: (values, helpers) => {
      // held while a write is on its way (the button keeps the focus: components/heldButton)
      if (busy) return;
      onSubmit(savedListSchema.cast(values).name);
      if (!initial) helpers.resetForm();
    },
  });
  const problem = form.touched.name && form.errors.name;
  return (
    <Stack component="form" noValidate onSubmit={form.handleSubmit} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        id={id}
        name="name"
        label={label}
        size="small"
        value={form.values.name}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={Boolean(problem)}
        helperText={problem || ' '}
        autoFocus={Boolean(initial)}
        slotProps={{ htmlInput: { maxLength: SAVED_LIST_NAME_MAX } }}
        sx={{ flex: 1, minWidth: 0 }}
      />
      <Button type="submit" variant="contained" aria-disabled={busy || undefined} className={busy ? 'Mui-disabled' : undefined} sx={PRIMARY_ACTION_SX}>
        {submitLabel}
      </Button>
      {onCancel && (
        <Button onClick={onCancel} sx={PRIMARY_ACTION_SX}>
          {cancelLabel}
        </Button>
      )}
    </Stack>
  );
}
