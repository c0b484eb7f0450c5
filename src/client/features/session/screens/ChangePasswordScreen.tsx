import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useFormik } from 'formik';
import FormCard from '@client/components/FormCard';
import { PasswordFields } from '@client/components/PasswordFields';
import RutField from '@client/components/RutField';
import { useLocation } from 'react-router-dom';
import { MSG } from '@shared/messages';
import { compactRut, formatRut } from '@shared/rut';
import { changePasswordSchema, type ChangePasswordForm } from '@shared/schemas/auth';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { useFocusFirstError } from '@client/components/focusFirstError';
import type { ChangePasswordLocationState } from '../loginSagas';
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
  // a refused submit takes the focus to the first field in error (components/focusFirstError)
  const formRef = useFocusFirstError(formik);
  const fieldError = (name: Field) => (formik.touched[name] && formik.errors[name]) || undefined;

  return (
    <FormCard
      id="change-password"
      title={MSG.changePasswordTitle}
      maxWidth={460}
      error={error}
      onErrorClose={() => dispatch(passwordChangeAlertClosed())}
      onSubmit={formik.handleSubmit}
      formRef={formRef}
    >
      <RutField
        id="change-password-username"
        name="username"
        label={MSG.loginRutLabel}
        value={formik.values.username}
        onChange={(v) => formik.setFieldValue('username', v)}
        onBlur={formik.handleBlur}
        error={fieldError('username')} readOnly={Boolean(fixedRut)}
      />
      <PasswordFields idPrefix="change-password" fields={passwordFields} formik={formik} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Button type="submit" variant="contained" size="large" disabled={running} fullWidth>
          {MSG.menuChangePassword}
        </Button>
        {running && <CircularProgress size={28} aria-label="Cambiando contraseña" />}
      </Box>
    </FormCard>
  );
}
