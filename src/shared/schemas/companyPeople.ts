import * as yup from '../yup';
import { COMPANY_ROLES, type CompanyRole } from '../companyRoles';
import { rutOk } from './users';

// The people of a buying company ('Mi empresa → Personas', docs/company-people.md): the add and change forms and the
// bodies of /api/user/company/people. The same schemas run in the SPA's dialogs and on the server.

export const PEOPLE_MSG = {
  // fields
  firstNameRequired: 'El nombre es requerido',
  lastNameRequired: 'El apellido es requerido',
  nameTooLong: 'Máximo 50 caracteres',
  emailRequired: 'El correo es requerido',
  emailInvalid: 'El correo no es correcto',
  rutRequired: 'El rut personal es requerido',
  rutInvalid: 'El rut personal es inválido',
  phoneDigits: 'Debe ser solo números',
  phoneMin: 'Largo minimo 8 digitos',
  phoneMax: 'Largo máximo 15 digitos',
  roleRequired: 'Debe seleccionar un rol',
  limitInvalid: 'El límite mensual debe ser un monto en pesos, 0 o mayor',
  limitOnlyBuyer: 'Solo un Comprador tiene límite mensual',
  id: 'Identificador de persona inválido',
  // server answers
  notFound: 'Persona no encontrada',
  rutTaken: 'Ya existe un usuario con el rut {rut}',
  emailTaken: 'Ya existe una persona con el correo {email} en su empresa',
  lastAdministrator: 'La empresa debe conservar al menos un Administrador activo: no se puede desactivar ni cambiar el rol del último',
  selfDeactivate: 'No puede desactivar su propio usuario',
  erpUnavailable: 'El ERP no respondió: no se hizo ningún cambio. Inténtelo más tarde.',
  erpRefused: 'El ERP no aceptó los datos de la persona: {reason}',
  added: 'Persona agregada. Le enviamos un correo para que cree su contraseña.',
  changed: 'Cambios guardados',
  deactivated: 'Persona desactivada',
  linkSent: 'Le enviamos un correo con un enlace nuevo para crear su contraseña',
  linkInactive: 'La persona está desactivada: reactívela antes de enviarle un enlace',
  linkNoEmail: 'La persona no tiene correo registrado',
  reactivated: 'Persona reactivada',
} as const;

/** The highest monthly limit the portal keeps (pesos). */
export const MAX_MONTHLY_LIMIT = 1_000_000_000_000;

const name = (required: string) => yup.string().trim().required(required).max(50, PEOPLE_MSG.nameTooLong);

/** Optional mobile phone: digits only, 8 to 15 of them when given. */
const phone = yup
  .string()
  .trim()
  .default('')
  .test('digits', PEOPLE_MSG.phoneDigits, (v) => !v || /^\d+$/.test(v))
  .test('min', PEOPLE_MSG.phoneMin, (v) => !v || v.length >= 8)
  .test('max', PEOPLE_MSG.phoneMax, (v) => !v || v.length <= 15);

const role = yup.mixed<CompanyRole>().oneOf(COMPANY_ROLES, PEOPLE_MSG.roleRequired).required(PEOPLE_MSG.roleRequired);

/**
 * A Comprador's monthly limit in pesos (total with VAT): empty or null is no limit, 0 is allowed (every order waits
 * for approval). Any other role has none.
 */
const monthlyLimit = yup
  .number()
  .transform((value: unknown, original: unknown) => (original === '' || original === null || original === undefined ? null : value))
  .typeError(PEOPLE_MSG.limitInvalid)
  .integer(PEOPLE_MSG.limitInvalid)
  .min(0, PEOPLE_MSG.limitInvalid)
  .max(MAX_MONTHLY_LIMIT, PEOPLE_MSG.limitInvalid)
  .nullable()
  .default(null)
  .test('only-buyer', PEOPLE_MSG.limitOnlyBuyer, (v, ctx) => v === null || v === undefined || ctx.parent.role === 'COMPRADOR');

/** POST /api/user/company/people: a new person of the caller's company. */
export const personAddSchema = yup.object({
  firstName: name(PEOPLE_MSG.firstNameRequired),
  lastName: name(PEOPLE_MSG.lastNameRequired),
  email: yup.string().trim().required(PEOPLE_MSG.emailRequired).email(PEOPLE_MSG.emailInvalid).max(100, PEOPLE_MSG.emailInvalid),
  rut: yup.string().trim().required(PEOPLE_MSG.rutRequired).max(20, PEOPLE_MSG.rutInvalid).test('rut', PEOPLE_MSG.rutInvalid, rutOk),
  phone,
  role,
  monthlyLimit,
});
export type PersonAddForm = yup.InferType<typeof personAddSchema>;

/** A new name is given whole (first name and surname) or not at all. */
const optionalName = (required: string, other: 'firstName' | 'lastName') =>
  yup.string().trim().default('').max(50, PEOPLE_MSG.nameTooLong).test('both', required, (v, ctx) => !!v || !ctx.parent[other]);

/**
 * PUT /api/user/company/people/{id}: role, limit, phone and, when given, a new name (the rut and the e-mail stay).
 * An empty first name and surname keep the current name.
 */
export const personChangeSchema = yup.object({
  firstName: optionalName(PEOPLE_MSG.firstNameRequired, 'lastName'),
  lastName: optionalName(PEOPLE_MSG.lastNameRequired, 'firstName'),
  phone,
  role,
  monthlyLimit,
});
export type PersonChangeForm = yup.InferType<typeof personChangeSchema>;

export const personIdParams = yup.object({
  id: yup.number().typeError(PEOPLE_MSG.id).integer(PEOPLE_MSG.id).positive(PEOPLE_MSG.id).max(2 ** 31 - 1, PEOPLE_MSG.id).required(PEOPLE_MSG.id),
});

/** POST /api/user/company/people/{id}/deactivate, /reactivate and /password-link: nothing to send (an empty object). */
export const personStateSchema = yup.object({});
