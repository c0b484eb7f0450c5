import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useFormik } from 'formik';
import FormCard from '@client/components/FormCard';
import RutField from '@client/components/RutField';
import TextInput from '@client/components/TextInput';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { MSG } from '@shared/messages';
import { compactRut, formatRut } from '@shared/rut';
import { loginSchema, type LoginForm } from '@shared/schemas/auth';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { useFocusFirstError } from '@client/components/focusFirstError';
import { selectLoginError, selectLoginRut, selectLoginStatus } from '../sessionSelectors';
import { loginAlertClosed, loginSubmitted } from '../sessionSlice';

/**
 * /login (spec sections 2, 4, 5). The form lives in Formik; Redux gets one event on submit.
 * Labels carry no asterisk so the accessible names are exactly the spec's words.
 */
export default function LoginScreen() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectLoginStatus);
  const error = useAppSelector(selectLoginError);
  const loginRut = useAppSelector(selectLoginRut);
  const [showPassword, setShowPassword] = useState(false);
  const running = status === 'running';

  const formik = useFormik<LoginForm>({
    initialValues: { username: loginRut ? formatRut(loginRut) : '', password: '' },
    validationSchema: loginSchema,
    onSubmit: (values) => {
      dispatch(loginSubmitted({ username: compactRut(values.username), password: values.password }));
    },
  });
  // a refused submit takes the focus to the first field in error (components/focusFirstError)
  const formRef = useFocusFirstError(formik);
  const fieldError = (name: keyof LoginForm) => (formik.touched[name] && formik.errors[name]) || undefined;

  return (
    <FormCard
      id="login"
      title="Ingreso clientes"
      maxWidth={420}
      error={error}
      onErrorClose={() => dispatch(loginAlertClosed())}
      onSubmit={formik.handleSubmit}
      formRef={formRef}
    >
      <RutField
        id="login-username"
        name="username"
        label={MSG.loginRutLabel}
        value={formik.values.username}
        onChange={(v) => formik.setFieldValue('username', v)}
        onBlur={formik.handleBlur}
        error={fieldError('username')}
        helperText="Ej: 76.123.456-0"
      />
      <TextInput
        id="login-password"
        name="password"
        label={MSG.loginPasswordLabel}
        type={showPassword ? 'text' : 'password'}
        value={formik.values.password}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={Boolean(fieldError('password'))}
        helperText={fieldError('password')}
        autoComplete="current-password"
        required
        fullWidth
        endAdornment={
          <InputAdornment position="end">
            <IconButton aria-label={showPassword ? 'Ocultar contraseña' : 'Mostrar contraseña'} onClick={() => setShowPassword((v) => !v)} edge="end">
              {showPassword ? <VisibilityOff /> : <Visibility />}
            </IconButton>
          </InputAdornment>
        }
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Button type="submit" variant="contained" size="large" disabled={running} fullWidth>
          {MSG.loginSubmit}
        </Button>
        {running && <CircularProgress size={28} aria-label="Ingresando" />}
      </Box>
      <Button component={RouterLink} to="/change-password" size="small">
        {MSG.menuChangePassword}
      </Button>
    </FormCard>
  );
}
