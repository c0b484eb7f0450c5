import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useFormik } from 'formik';
import { COMPANY_ROLE_LABELS, COMPANY_ROLES, type CompanyRole } from '@shared/companyRoles';
import { fill } from '@shared/messages';
import { personAddSchema, personChangeSchema } from '@shared/schemas/companyPeople';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { useFocusFirstError } from '@client/components/focusFirstError';
import RutField from '@client/components/RutField';
import { useReturnFocus } from '@client/components/returnFocus';
import { selectPersonDialog, selectPersonSave } from './companySelectors';
import { personAddSubmitted, personChangeSubmitted, personDialogClosed, personSaveErrorClosed } from './companySlice';
import { COMPANY_TEXT as T } from './companyTexts';

/** The form's values: the limit as typed ('' is no limit). */
interface Values {
  firstName: string;
  lastName: string;
  email: string;
  rut: string;
  phone: string;
  role: CompanyRole | '';
  monthlyLimit: string;
}

const TEXT_FIELDS = [
  { name: 'firstName', label: T.firstName, autoComplete: 'given-name', add: true },
  { name: 'lastName', label: T.lastName, autoComplete: 'family-name', add: true },
  { name: 'email', label: T.email, autoComplete: 'email', add: true, type: 'email' },
] as const;

/** The form's values as the request's body (the shared schemas cast the limit). */
const bodyOf = (values: Values) => ({ ...values, monthlyLimit: values.role === 'COMPRADOR' && values.monthlyLimit !== '' ? values.monthlyLimit : null });

/**
 * 'Agregar persona' and 'Editar a …' of 'Mi empresa → Personas': Formik with the shared schema of the request (the server
 * runs the same one). A change keeps the rut, the e-mail and the name; the limit is asked only of a Comprador.
 */
export function PersonDialog() {
  const dispatch = useAppDispatch();
  const dialog = useAppSelector(selectPersonDialog);
  const save = useAppSelector(selectPersonSave);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const open = dialog !== null;
  useReturnFocus(open);
  const editing = dialog?.mode === 'edit' ? dialog.person : null;
  const running = save.status === 'running';

  const formik = useFormik<Values>({
    initialValues: {
      firstName: '',
      lastName: '',
      email: editing?.email ?? '',
      rut: editing?.rut ?? '',
      phone: editing?.phone ?? '',
      role: editing?.role ?? '',
      monthlyLimit: editing?.monthlyLimit === null || editing?.monthlyLimit === undefined ? '' : String(editing.monthlyLimit),
    },
    enableReinitialize: true,
    validate: async (values) => {
      const schema = editing ? personChangeSchema : personAddSchema;
      try {
        await schema.validate(bodyOf(values), { abortEarly: false });
        return {};
      } catch (error) {
        const errors: Record<string, string> = {};
        for (const inner of (error as { inner?: { path?: string; message: string }[] }).inner ?? []) if (inner.path && !errors[inner.path]) errors[inner.path] = inner.message;
        return errors;
      }
    },
    onSubmit: (values) => {
      if (editing) {
        const form = personChangeSchema.cast(bodyOf({ ...values, firstName: '', lastName: '' }));
        dispatch(personChangeSubmitted({ id: editing.id, form }));
      } else {
        dispatch(personAddSubmitted(personAddSchema.cast(bodyOf(values))));
      }
    },
  });
  const formRef = useFocusFirstError(formik);
  const fieldError = (name: keyof Values) => (formik.touched[name] && formik.errors[name]) || undefined;
  /** What every text field of the dialog takes from Formik. */
  const bound = (name: keyof Values) => ({
    id: `person-${name}`,
    name,
    value: formik.values[name],
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    error: Boolean(fieldError(name)),
    helperText: fieldError(name),
    fullWidth: true,
  });
  const close = () => dispatch(personDialogClosed());
  const title = editing ? fill(T.editTitle, { name: editing.name || editing.rut }) : T.addTitle;

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" fullScreen={phone} disableRestoreFocus aria-labelledby="person-dialog-title">
      <form ref={formRef} onSubmit={formik.handleSubmit} noValidate>
        <DialogTitle id="person-dialog-title">{title}</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {!editing && <DialogContentText>{T.addIntro}</DialogContentText>}
          {save.status === 'failed' && (
            <Alert severity="error" onClose={() => dispatch(personSaveErrorClosed())}>
              {save.error}
            </Alert>
          )}
          {!editing &&
            TEXT_FIELDS.map((field) => (
              <TextField
                key={field.name}
                {...bound(field.name)}
                label={field.label}
                type={'type' in field ? field.type : 'text'}
                autoComplete={field.autoComplete}
                required
                slotProps={{ inputLabel: { required: false } }}
              />
            ))}
          {!editing && (
            <RutField
              id="person-rut"
              name="rut"
              label={T.rut}
              value={formik.values.rut}
              onChange={(v) => formik.setFieldValue('rut', v)}
              onBlur={formik.handleBlur}
              error={fieldError('rut')}
            />
          )}
          <TextField {...bound('phone')} label={T.phone} inputMode="numeric" autoComplete="tel" />
          <TextField {...bound('role')} label={T.role} select required slotProps={{ inputLabel: { required: false } }}>
            {COMPANY_ROLES.map((role) => (
              <MenuItem key={role} value={role}>
                {COMPANY_ROLE_LABELS[role]}
              </MenuItem>
            ))}
          </TextField>
          {formik.values.role === 'COMPRADOR' && (
            <TextField {...bound('monthlyLimit')} label={T.limit} inputMode="numeric" helperText={fieldError('monthlyLimit') ?? T.limitHelp} />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={running}>
            {T.cancel}
          </Button>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            {running && <CircularProgress size={24} aria-label={T.saving} />}
            <Button type="submit" variant="contained" disabled={running}>
              {T.save}
            </Button>
          </Box>
        </DialogActions>
      </form>
    </Dialog>
  );
}
