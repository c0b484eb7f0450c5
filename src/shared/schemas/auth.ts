import * as yup from '../yup';
import { MSG } from '../messages';
import { isValidRut } from '../rut';

// The same schemas validate the forms in the SPA and the request bodies on the server.

export const loginSchema = yup.object({
  username: yup.string().trim().required(MSG.rutRequired).test('rut', MSG.rutInvalid, (v) => !v || isValidRut(v)),
  password: yup.string().required(MSG.passwordRequired).max(200, MSG.passwordRequired),
});
export type LoginForm = yup.InferType<typeof loginSchema>;

/** New password rule shared by change-password and the admin user forms (different messages there). */
export const hasUpperAndLower = (v: string | undefined) => !v || (/[A-ZÁÉÍÓÚÑ]/.test(v) && /[a-záéíóúñ]/.test(v));

/** The new password and its confirmation: the same rules wherever a person chooses a password. */
export const newPasswordFields = {
  password: yup
    .string()
    .required(MSG.newPasswordRequired)
    .min(8, MSG.newPasswordMin)
    .max(200)
    .test('case', MSG.newPasswordCase, hasUpperAndLower),
  confirmPassword: yup
    .string()
    .required(MSG.confirmPasswordRequired)
    // a test, not oneOf: yup checks oneOf before `required` and would hide the required message
    .test('match', MSG.passwordsDontMatch, (v, ctx) => !v || v === ctx.parent.password),
};

export const changePasswordSchema = yup.object({
  username: yup.string().trim().required(MSG.rutRequired).test('rut', MSG.rutInvalid, (v) => !v || isValidRut(v)),
  currentPassword: yup.string().required(MSG.currentPasswordRequired).max(200),
  ...newPasswordFields,
});
export type ChangePasswordForm = yup.InferType<typeof changePasswordSchema>;
