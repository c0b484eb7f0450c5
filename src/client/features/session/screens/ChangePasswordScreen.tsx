import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useLocation } from 'react-router-dom';
import { MSG } from '../../../../shared/messages';
import { compactRut, formatRut } from '../../../../shared/rut';
import { changePasswordSchema, type ChangePasswordForm } from '../../../../shared/schemas/auth';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { ChangePasswordLocationState } from '../sessionSagas';
import { selectIsAuthenticated, selectPasswordChange, selectUsername } from '../sessionSelectors';
import { passwordChangeAlertClosed, passwordChangeSubmitted } from '../sessionSlice';

type Field = keyof ChangePasswordForm;

const passwordFields: { name: Exclude<Field, 'username'>; label: string; autoComplete: string }[] = [
  { name: 'currentPassword', label: 'Contraseña actual', autoComplete: 'current-password' },
  { name: 'password', label: 'Nueva contraseña', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirmar contraseña', autoComplete: 'new-password' },
];

/**
 * /change-password. The rut comes from the must-change login (location state) or from the session, and is then
 * read-only; otherwise the visitor types it.
 */
export default function ChangePasswordScreen() {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const authenticated = useAppSelector(selectIsAuthenticated);
  const sessionRut = useAppSelector(selectUsername);
  const { status, error } = useAppSelector(selectPasswordChange);
  const fromLogin = (location.state as Partial<ChangePasswordLocationState> | null)?.rut;
  const fixedRut = fromLogin || (authenticated ? sessionRut : null) || null;
  const running = status === 'running';

  const formik = useFormik<ChangePasswordForm>({
    initialValues: { username: fixedRut ? formatRut(fixedRut) : '', currentPassword: '', password: '', confirmPassword: '' },
    enableReinitialize: true,
    validationSchema: changePasswordSchema,
    onSubmit: (values) => {
      dispatch(passwordChangeSubmitted({ ...values, username: compactRut(values.username) }));
    },
  });
  const fieldError = (name: Field) => (formik.touched[name] && formik.errors[name]) || undefined;

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Paper component="section" aria-labelledby="change-password-title" sx={{ p: { xs: 2, sm: 4 }, width: '100%', maxWidth: 460 }}>
        <Typography id="change-password-title" variant="h1" component="h1" gutterBottom>
          {MSG.changePasswordTitle}
        </Typography>
        <form noValidate onSubmit={formik.handleSubmit}>
          <Stack spacing={2}>
            {error && (
              <Alert severity="error" onClose={() => dispatch(passwordChangeAlertClosed())}>
                {error}
              </Alert>
            )}
            <TextField
              id="change-password-username"
              name="username"
              label={MSG.loginRutLabel}
              value={formik.values.username}
              onChange={(e) => formik.setFieldValue('username', formatRut(e.target.value))}
              onBlur={formik.handleBlur}
              error={Boolean(fieldError('username'))}
              helperText={fieldError('username')}
              autoComplete="username"
              required
              fullWidth
              slotProps={{ htmlInput: { maxLength: 12, readOnly: Boolean(fixedRut) }, inputLabel: { required: false } }}
            />
            {passwordFields.map((field) => (
              <TextField
                key={field.name}
                id={`change-password-${field.name}`}
                name={field.name}
                label={field.label}
                type="password"
                value={formik.values[field.name]}
                onChange={formik.handleChange}
                onBlur={formik.handleBlur}
                error={Boolean(fieldError(field.name))}
                helperText={fieldError(field.name)}
                autoComplete={field.autoComplete}
                required
                fullWidth
                slotProps={{ inputLabel: { required: false } }}
              />
            ))}
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
              <Button type="submit" variant="contained" size="large" disabled={running} fullWidth>
                {MSG.menuChangePassword}
              </Button>
              {running && <CircularProgress size={28} aria-label="Cambiando contraseña" />}
            </Box>
          </Stack>
        </form>
      </Paper>
    </Box>
  );
}
