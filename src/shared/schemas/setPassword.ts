import * as yup from '../yup';
import { newPasswordFields } from './auth';

// The set-your-password page a new person of a company reaches from their mail (docs/company-people.md): its texts and
// the body of POST /api/security/set-password. Apart from auth.ts so the login page does not carry them.

export const SET_PASSWORD_MSG = {
  title: 'Crea tu contraseña',
  intro: 'Elige la contraseña con la que ingresarás al portal con tu rut personal.',
  submit: 'Guardar contraseña',
  done: 'Contraseña creada: ingresa con tu rut personal y tu nueva contraseña',
  invalidLink: 'El enlace para crear la contraseña no es válido. Pide al administrador de tu empresa uno nuevo.',
  usedLink: 'Este enlace ya fue usado. Si no recuerdas tu contraseña, pide al administrador de tu empresa un enlace nuevo.',
  expiredLink: 'El enlace para crear la contraseña expiró. Pide al administrador de tu empresa uno nuevo.',
  missingLink: 'Falta el enlace para crear la contraseña: abre el enlace completo del correo.',
} as const;

/** POST /api/security/set-password: the single-use link's token and the new password (the link of the mail a new person gets). */
export const setPasswordSchema = yup.object({
  token: yup.string().trim().required(SET_PASSWORD_MSG.missingLink).max(100, SET_PASSWORD_MSG.invalidLink),
  ...newPasswordFields,
});
export type SetPasswordForm = yup.InferType<typeof setPasswordSchema>;
