import { useFormik } from 'formik';
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { MSG } from '@shared/messages';
import { compactRut, formatRut } from '@shared/rut';
import { loginSchema, type LoginForm } from '@shared/schemas/auth';
import { focusWithoutTabStop } from '@client/app/focusAfterNavigation';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import type { Toast } from '@client/app/notify';
import { forgotten, parseKept, selectKept } from '@client/app/persistence';
import { SESSION_KEYS } from '@client/app/sessionKeys';
import { brandName } from '@client/components/brand';
import { useFocusFirstError } from '@client/components/focusFirstError';
import { selectLoginError, selectLoginRut, selectLoginStatus } from '@client/features/session/sessionSelectors';
import { loginAlertClosed, loginSubmitted } from '@client/features/session/sessionSlice';

/** The toasts the SPA gave just before it led here (a password changed, a request sent); the page forgets them once shown. */
function noticesOf(raw: string | null): Toast[] {
  const notices = parseKept<Toast[]>(raw);
  return Array.isArray(notices) ? notices.filter((n) => typeof n?.message === 'string') : [];
}

/** How a carried toast is drawn: errors as alerts, the rest as a status. */
const noticeClass = (variant: Toast['variant']) => (variant === 'error' ? 'alert-error' : variant === 'success' ? 'alert-success' : 'alert-info');

const EYE = 'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3';
const EYE_OFF =
  'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z';
const MENU = 'M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z';

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={path} fill="currentColor" />
    </svg>
  );
}

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: (describedBy: string | undefined) => React.ReactNode;
  adornment?: React.ReactNode;
}

/** An outlined field with its label on the border, as the SPA's fields look; the error or hint is its description. */
function Field({ id, label, error, hint, children, adornment }: FieldProps) {
  const note = error ?? hint;
  return (
    <div className={`field${error ? ' field-error' : ''}`}>
      <div className="field-box">
        {children(note ? `${id}-note` : undefined)}
        <label htmlFor={id}>{label}</label>
        {adornment}
      </div>
      {note && (
        <p id={`${id}-note`} className="field-note">
          {note}
        </p>
      )}
    </div>
  );
}

/**
 * /login (R-AUTH-1, R-AUTH-2): the anonymous shell (logo, 'Solicitud creación de cliente', footer) and the login
 * form, drawn with plain elements and login.css in the theme's colours. The form lives in Formik with the shared yup
 * schema; Redux gets one event on submit, and the login's saga does the rest (features/session/loginSagas.ts).
 */
export function LoginPage() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectLoginStatus);
  const error = useAppSelector(selectLoginError);
  const loginRut = useAppSelector(selectLoginRut);
  const kept = useAppSelector(selectKept(SESSION_KEYS.loginNotice));
  const [notices, setNotices] = useState(() => noticesOf(kept));
  // shown once: a later load of the page does not say them again (forgotten only when there were any, so a recording
  // of a plain login starts with its submit)
  const [hadNotices] = useState(() => kept !== null);
  useEffect(() => {
    if (hadNotices) dispatch(forgotten([SESSION_KEYS.loginNotice]));
  }, [dispatch, hadNotices]);
  const [showPassword, setShowPassword] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  const navId = useId();
  const running = status === 'running';

  const formik = useFormik<LoginForm>({
    initialValues: { username: loginRut ? formatRut(loginRut) : '', password: '' },
    validationSchema: loginSchema,
    onSubmit: (values) => {
      setNotices([]);
      dispatch(loginSubmitted({ username: compactRut(values.username), password: values.password }));
    },
  });
  const formRef = useFocusFirstError(formik);
  const fieldError = (name: keyof LoginForm) => (formik.touched[name] && formik.errors[name]) || undefined;

  // a refused login keeps the rut tried and empties the password, to be typed again
  const { setFieldValue } = formik;
  useEffect(() => {
    if (status === 'failed') void setFieldValue('password', '', false);
  }, [status, setFieldValue]);

  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const heading = main.current?.querySelector('h1');
    if (heading) focusWithoutTabStop(heading);
  };

  return (
    <div className="page">
      <a href="#contenido" className="skip-link" onClick={skip}>
        {MSG.skipToContent}
      </a>
      <header className="top-bar">
        <button type="button" className="icon-button menu-button" aria-label={MSG.openMenu} aria-expanded={menuOpen} aria-controls={navId} onClick={() => setMenuOpen((open) => !open)}>
          <Icon path={MENU} />
        </button>
        <a href="/" aria-label={MSG.goHome} className="logo">
          <img src="/logo.svg" alt={brandName} />
        </a>
      </header>
      <div className="body">
        <nav id={navId} aria-label={MSG.mainMenu} className={`side-nav${menuOpen ? ' open' : ''}`}>
          <a href="/user/user-creation-req">{MSG.navCustomerRequest}</a>
        </nav>
        <main id="contenido" ref={main} tabIndex={-1}>
          <section className="card" aria-labelledby="login-title">
            <h1 id="login-title">{MSG.loginTitle}</h1>
            <form ref={formRef} noValidate onSubmit={formik.handleSubmit}>
              {notices.map((notice, i) => (
                <p key={i} role={notice.variant === 'error' ? 'alert' : 'status'} className={`alert ${noticeClass(notice.variant)}`}>
                  {notice.message}
                </p>
              ))}
              {error && (
                <div role="alert" className="alert alert-error">
                  <span>{error}</span>
                  <button type="button" className="icon-button" aria-label="Cerrar" title="Cerrar" onClick={() => dispatch(loginAlertClosed())}>
                    <span aria-hidden="true">×</span>
                  </button>
                </div>
              )}
              <Field id="login-username" label={MSG.loginRutLabel} error={fieldError('username')} hint="Ej: 76.123.456-0. Personas de una empresa: su rut personal">
                {(describedBy) => (
                  <input
                    id="login-username"
                    name="username"
                    value={formik.values.username}
                    onChange={(e) => void formik.setFieldValue('username', formatRut(e.target.value))}
                    onBlur={formik.handleBlur}
                    autoComplete="username"
                    maxLength={12}
                    required
                    placeholder=" "
                    aria-invalid={Boolean(fieldError('username'))}
                    aria-describedby={describedBy}
                  />
                )}
              </Field>
              <Field
                id="login-password"
                label={MSG.loginPasswordLabel}
                error={fieldError('password')}
                adornment={
                  <button type="button" className="icon-button" aria-label={showPassword ? 'Ocultar contraseña' : 'Mostrar contraseña'} onClick={() => setShowPassword((v) => !v)}>
                    <Icon path={showPassword ? EYE_OFF : EYE} />
                  </button>
                }
              >
                {(describedBy) => (
                  <input
                    id="login-password"
                    name="password"
                    type={showPassword ? 'text' : 'password'}
                    value={formik.values.password}
                    onChange={formik.handleChange}
                    onBlur={formik.handleBlur}
                    autoComplete="current-password"
                    required
                    placeholder=" "
                    aria-invalid={Boolean(fieldError('password'))}
                    aria-describedby={describedBy}
                  />
                )}
              </Field>
              <div className="submit-row">
                <button type="submit" className="button-primary" disabled={running}>
                  {MSG.loginSubmit}
                </button>
                {running && <span className="spinner" role="progressbar" aria-label="Ingresando" />}
              </div>
              <a href="/change-password" className="text-button">
                {MSG.menuChangePassword}
              </a>
            </form>
          </section>
        </main>
      </div>
      <footer>
        <img src="/footer.svg" alt="" />
        <p>
          © {new Date().getFullYear()} {brandName}
        </p>
      </footer>
    </div>
  );
}
