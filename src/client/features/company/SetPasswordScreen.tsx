import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useSearchParams } from 'react-router-dom';
import { SET_PASSWORD_MSG, setPasswordSchema, type SetPasswordForm } from '@shared/schemas/setPassword';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { useFocusFirstError } from '@client/components/focusFirstError';
import FormCard from '@client/components/FormCard';
import { PasswordFields } from '@client/components/PasswordFields';
import { selectSetPassword } from './companySelectors';
import { setPasswordErrorClosed, setPasswordSubmitted } from './companySlice';
import { COMPANY_TEXT as T } from './companyTexts';
import './companyFeature'; // the feature's slice and saga, in the store before this screen renders

const FIELDS = [
  { name: 'password', label: T.password, autoComplete: 'new-password' },
  { name: 'confirmPassword', label: T.confirmPassword, autoComplete: 'new-password' },
] as const;

/**
 * /set-password?token=… (public): a new person of a company chooses the password through the single-use link of their
 * mail (the same rules as a password change), then logs in with the personal rut.
 */
export default function SetPasswordScreen() {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { status, error } = useAppSelector(selectSetPassword);
  const running = status === 'running';

  const formik = useFormik<SetPasswordForm>({
    initialValues: { token, password: '', confirmPassword: '' },
    enableReinitialize: true,
    validationSchema: setPasswordSchema,
    onSubmit: (values) => {
      dispatch(setPasswordSubmitted(values));
    },
  });
  const formRef = useFocusFirstError(formik);

  return (
    <FormCard
      id="set-password"
      title={SET_PASSWORD_MSG.title}
      maxWidth={460}
      error={token ? error : SET_PASSWORD_MSG.missingLink}
      onErrorClose={token ? () => dispatch(setPasswordErrorClosed()) : undefined}
      onSubmit={formik.handleSubmit}
      formRef={formRef}
    >
      <Typography>{SET_PASSWORD_MSG.intro}</Typography>
      <PasswordFields idPrefix="set-password" fields={FIELDS} formik={formik} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Button type="submit" variant="contained" size="large" disabled={running || !token} fullWidth>
          {SET_PASSWORD_MSG.submit}
        </Button>
        {running && <CircularProgress size={28} aria-label={T.settingPassword} />}
      </Box>
    </FormCard>
  );
}
