import * as yup from '../yup';
import { REP_SCOPES, ROLES, type RepScope, type Role } from '../roles';
import { COMPANY_ROLES, type CompanyRole } from '../companyRoles';
import { cleanRut, compactRut, isValidRut } from '../rut';
import { hasUpperAndLower } from './auth';
import { listQueryFields, oneOfOptional } from './lists';

// Admin user forms (R-ADM-USR-3) and the body of POST /admin/users. The same schemas
// run in the SPA forms and on the server.

export const USER_MSG = {
  rutRequired: 'El rut empresa es requerido',
  rutInvalid: 'El rut empresa es invalido',
  passwordRequired: 'La password es requerida',
  passwordMin: 'La password debe ser mínimo 8 caracteres',
  passwordCase: 'La password debe contener Una letra Mayuscula y una Minuscula',
  passwordTooLong: 'La password debe ser máximo 200 caracteres',
  confirmPasswordRequired: 'Por favor, confirma tu contraseña',
  passwordsDontMatch: 'Las contraseñas no coinciden',
  emailRequired: 'El Email es requerido',
  emailInvalid: 'El email no es correcto',
  addressRequired: 'La dirección es requerido',
  cellphoneRequired: 'El Teléfono Móvil es requerido',
  cellphoneMin: 'Largo minimo 8 digitos',
  cellphoneMax: 'Largo máximo 15 digitos',
  cellphoneDigits: 'Debe ser solo números',
  optionRequired: 'Debe seleccionar una opción',
  tooLong: 'El texto es demasiado largo',
  id: 'Identificador de usuario inválido',
  // screens (R-ADM-USR-2)
  listTitle: 'Administración de Usuarios',
  createTitle: 'Creación de Usuario',
  updateTitle: 'Actualización de Usuario',
  empty: 'No existen usuarios creados',
  active: 'Activo',
  inactive: 'Inactivo',
  created: 'Creado!',
  updated: 'Actualizado!',
  deleted: 'Eliminado!',
  notCreated: 'Usuario no creado',
  notUpdated: 'Usuario no actualizado',
  // server answers
  notFound: 'Usuario no encontrado',
  duplicateRut: 'Ya existe un usuario con el rut {username}',
  rutReadOnly: 'El rut de un usuario no puede modificarse',
  adminOnlySuperadmin: 'Solo un SUPERADMIN puede crear, modificar o eliminar usuarios administradores',
  lastSuperadmin: 'No se puede eliminar, desactivar ni cambiar el rol del último SUPERADMIN',
  selfDelete: 'No puede eliminar su propio usuario',
  selfDisable: 'No puede desactivar su propio usuario',
  selfRole: 'No puede cambiar el rol de su propio usuario',
  hasOrders: 'El usuario {username} tiene pedidos o pagos registrados: desactívelo en lugar de eliminarlo',
  notErpCustomer: 'El rut no corresponde a un cliente del ERP',
  erpUnavailable: 'No se pudo consultar el ERP, inténtelo más tarde',
  // the people of a buying company (docs/company-people.md)
  companyRutInvalid: 'El rut de la empresa es invalido',
  companyNotErpCustomer: 'La empresa no es un cliente del ERP',
  companyOnlyBuyers: 'Solo un usuario comprador pertenece a una empresa',
  companyRoleRequired: 'Seleccione el rol en la empresa',
  fullNameRequired: 'El nombre de la persona es requerido',
  monthlyLimitInvalid: 'El límite mensual debe ser un monto en pesos, sin decimales',
  monthlyLimitOnlyBuyer: 'Solo un Comprador tiene límite mensual',
  companyLoginIsAdministrator: 'El usuario de la empresa (su propio rut) es su Administrador',
  duplicateCompanyEmail: 'La empresa ya tiene una persona con el email {email}',
  // a sales rep (VENDEDOR, docs/sales-reps.md)
  repNameRequired: 'El nombre del vendedor es requerido',
  salesPersonRequired: 'Seleccione el empleado de ventas del ERP',
  salesPersonNotFound: 'El empleado de ventas no existe en el ERP',
  salesPersonInactive: 'El empleado de ventas no está activo en el ERP',
  repScopeRequired: 'Seleccione los clientes que atiende el vendedor',
  onlyReps: 'Solo un Vendedor tiene empleado de ventas y clientes',
} as const;

/**
 * A person of a buying company other than its own login: a buyer (USER) whose company rut is given and is not their
 * own rut. The company's own login (rut of the company) is the company's Administrador.
 */
export function isCompanyPerson(form: { userType?: unknown; username?: unknown; companyRut?: unknown }): boolean {
  if (form.userType !== 'USER' || typeof form.companyRut !== 'string' || !form.companyRut.trim()) return false;
  return typeof form.username !== 'string' || compactRut(form.companyRut) !== compactRut(form.username);
}

/** The 'Role' options (after 'Seleccionar'); 'Administrador' only when the current role is not ADMIN. */
export const USER_TYPE_LABELS: Record<Role, string> = {
  USER: 'Usuario',
  ADMIN: 'Administrador',
  SUPERADMIN: 'Superadministrador',
  VENDEDOR: 'Vendedor',
};

/**
 * The user types the form offers to the current role (R-ADM-USR-2, R-ADM-USR-5): an ADMIN assigns USER and VENDEDOR;
 * a SUPERADMIN also ADMIN and SUPERADMIN. The server enforces the same (users.service.ts: mayManage).
 */
export function assignableUserTypes(currentRole: Role | null | undefined): Role[] {
  return currentRole === 'SUPERADMIN' ? ['USER', 'VENDEDOR', 'ADMIN', 'SUPERADMIN'] : ['USER', 'VENDEDOR'];
}

/** An empty, null or 0 id (a new record in the form) means "create". */
export const isNewUserId = (id: unknown) => id === undefined || id === null || id === '' || id === 0 || id === '0';

const idSchema = yup.number().typeError(USER_MSG.id).integer(USER_MSG.id).positive(USER_MSG.id).max(2 ** 31 - 1, USER_MSG.id);

const emptyToUndefined = (value: unknown, original: unknown) => (original === '' || original === null ? undefined : value);

/** Formatted rut bodies fit in 9 digits; longer values would not fit the stored username. */
export const rutOk = (v: string | undefined) => !v || (isValidRut(v) && cleanRut(v).length <= 10);

const common = {
  username: yup.string().trim().required(USER_MSG.rutRequired).max(20, USER_MSG.rutInvalid).test('rut', USER_MSG.rutInvalid, rutOk),
  email: yup.string().trim().required(USER_MSG.emailRequired).email(USER_MSG.emailInvalid).max(254, USER_MSG.emailInvalid),
  address: yup.string().trim().required(USER_MSG.addressRequired).max(300, USER_MSG.tooLong),
  cellphone: yup
    .string()
    .trim()
    .required(USER_MSG.cellphoneRequired)
    .matches(/^\d+$/, USER_MSG.cellphoneDigits)
    .min(8, USER_MSG.cellphoneMin)
    .max(15, USER_MSG.cellphoneMax),
  enabled: yup.boolean().transform(emptyToUndefined).typeError(USER_MSG.optionRequired).required(USER_MSG.optionRequired),
  userType: yup
    .mixed<Role>()
    .transform(emptyToUndefined)
    .oneOf(ROLES, USER_MSG.optionRequired)
    .required(USER_MSG.optionRequired),
};

/**
 * A new buyer's company (creation only: a user's company never changes): absent or the user's own rut for the
 * company's own login; another rut for a person of that company, who then needs a name and a role inside it (and a
 * Comprador, optionally, a monthly limit).
 */
const companyFields = {
  companyRut: yup
    .string()
    .trim()
    .transform(emptyToUndefined)
    .max(20, USER_MSG.companyRutInvalid)
    .test('rut', USER_MSG.companyRutInvalid, rutOk)
    // staff belong to no company (a role not chosen yet is told by its own field)
    .test('buyers', USER_MSG.companyOnlyBuyers, (v, ctx) => !v || ctx.parent.userType === 'USER' || !ctx.parent.userType)
    .optional(),
  companyRole: yup
    .mixed<CompanyRole>()
    .transform(emptyToUndefined)
    .oneOf(COMPANY_ROLES, USER_MSG.companyRoleRequired)
    .test('required', USER_MSG.companyRoleRequired, (v, ctx) => !isCompanyPerson(ctx.parent) || !!v)
    .test('login', USER_MSG.companyLoginIsAdministrator, (v, ctx) => !v || ctx.parent.userType !== 'USER' || isCompanyPerson(ctx.parent) || v === 'ADMINISTRADOR')
    .optional(),
  fullName: yup
    .string()
    .trim()
    .max(200, USER_MSG.tooLong)
    .test('required', USER_MSG.fullNameRequired, (v, ctx) => !isCompanyPerson(ctx.parent) || !!v)
    .test('rep', USER_MSG.repNameRequired, (v, ctx) => ctx.parent.userType !== 'VENDEDOR' || !!v)
    .optional(),
  monthlyLimit: yup
    .number()
    .transform((value: unknown, original: unknown) => (original === '' || original === null || original === undefined ? null : value))
    .typeError(USER_MSG.monthlyLimitInvalid)
    .integer(USER_MSG.monthlyLimitInvalid)
    .min(0, USER_MSG.monthlyLimitInvalid)
    .max(1e12, USER_MSG.monthlyLimitInvalid)
    .nullable()
    .test('buyer', USER_MSG.monthlyLimitOnlyBuyer, (v, ctx) => v === null || v === undefined || ctx.parent.companyRole === 'COMPRADOR')
    .optional(),
};

/**
 * A sales rep's (VENDEDOR) ERP sales employee (SalesEmployeeCode; the server checks it exists and is active in the ERP
 * when saving) and scope, both required for a rep and refused for any other type; the rep's name is `fullName`.
 */
const repFields = {
  salesPersonCode: yup
    .number()
    .transform((value: unknown, original: unknown) => (original === '' || original === null || original === undefined ? undefined : value))
    .typeError(USER_MSG.salesPersonRequired)
    .integer(USER_MSG.salesPersonRequired)
    .min(0, USER_MSG.salesPersonRequired)
    .max(2 ** 31 - 1, USER_MSG.salesPersonRequired)
    .test('required', USER_MSG.salesPersonRequired, (v, ctx) => ctx.parent.userType !== 'VENDEDOR' || v !== undefined)
    .test('rep', USER_MSG.onlyReps, (v, ctx) => v === undefined || ctx.parent.userType === 'VENDEDOR' || !ctx.parent.userType)
    .optional(),
  repScope: yup
    .mixed<RepScope>()
    .transform(emptyToUndefined)
    .oneOf(REP_SCOPES, USER_MSG.repScopeRequired)
    .test('required', USER_MSG.repScopeRequired, (v, ctx) => ctx.parent.userType !== 'VENDEDOR' || !!v)
    .test('rep', USER_MSG.onlyReps, (v, ctx) => !v || ctx.parent.userType === 'VENDEDOR' || !ctx.parent.userType)
    .optional(),
};

const passwordRules = <S extends yup.StringSchema<string | undefined>>(s: S): S =>
  s.min(8, USER_MSG.passwordMin).max(200, USER_MSG.passwordTooLong).test('case', USER_MSG.passwordCase, hasUpperAndLower);

// `test`, not `oneOf`: yup checks oneOf before `required` and would hide the required message.
const matchesPassword = (v: string | undefined, ctx: yup.TestContext) => !v || v === ctx.parent.password;

/** User creation ('Creación de Usuario'): every field required, password with its rules and confirmation. */
export const userCreateSchema = yup.object({
  ...common,
  ...companyFields,
  ...repFields,
  password: passwordRules(yup.string().transform(emptyToUndefined).required(USER_MSG.passwordRequired)),
  confirmPassword: yup.string().required(USER_MSG.confirmPasswordRequired).test('match', USER_MSG.passwordsDontMatch, matchesPassword),
});
export type UserCreateForm = yup.InferType<typeof userCreateSchema>;

/**
 * User update ('Actualización de Usuario'): the same rules with the record's id; passwords are never sent back,
 * so an empty password keeps the current one, and a new one needs its confirmation.
 */
export const userUpdateSchema = yup.object({
  id: idSchema.required(USER_MSG.id),
  ...common,
  ...repFields,
  /** A rep's name (the name of the other types is not changed here). */
  fullName: yup
    .string()
    .trim()
    .max(200, USER_MSG.tooLong)
    .test('rep', USER_MSG.repNameRequired, (v, ctx) => ctx.parent.userType !== 'VENDEDOR' || !!v)
    .optional(),
  password: passwordRules(yup.string().transform(emptyToUndefined).optional()),
  confirmPassword: yup
    .string()
    .transform(emptyToUndefined)
    .test('required', USER_MSG.confirmPasswordRequired, (v, ctx) => !ctx.parent.password || !!v)
    .test('match', USER_MSG.passwordsDontMatch, matchesPassword),
});
export type UserUpdateForm = yup.InferType<typeof userUpdateSchema>;

/** POST /admin/users: with an id it is an update, without one a creation. */
export const userSaveSchema = yup.lazy((value: { id?: unknown } | undefined) =>
  value && typeof value === 'object' && !isNewUserId(value.id) ? userUpdateSchema : userCreateSchema,
).meta({ oneOf: [userCreateSchema, userUpdateSchema] }); // the two forms, for the API description
export type UserSaveForm = UserCreateForm | UserUpdateForm;

export const userIdParamsSchema = yup.object({ id: idSchema.required(USER_MSG.id) });

/** GET /admin/users/erp-customer/{rut}: a rut in any writing. */
export const erpCustomerParamsSchema = yup.object({
  rut: yup.string().trim().required(USER_MSG.rutRequired).max(20, USER_MSG.rutInvalid).test('rut', USER_MSG.rutInvalid, rutOk),
});

/** GET /admin/users/find/by/{username}: a rut in any writing. */
export const usernameParamsSchema = yup.object({
  username: yup.string().trim().required(USER_MSG.rutRequired).max(20, USER_MSG.rutInvalid).test('rut', USER_MSG.rutInvalid, rutOk),
});

/** Columns of GET /admin/users/list. */
export const USER_SORTS = ['id', 'username', 'email', 'address', 'cellphone', 'enabled', 'userType', 'companyName', 'createdAt', 'fullName', 'companyRut', 'companyRole', 'salesPersonCode', 'repScope'] as const;

export const USER_LIST_MSG = {
  role: 'Rol inválido',
  state: 'Estado inválido',
  company: 'Rut de empresa inválido',
  companyRole: 'Rol en la empresa inválido',
} as const;

/** GET /admin/users/list: search, filters, paging, sort and CSV (src/shared/api/adminUsers.ts). */
export const userListQuerySchema = yup.object({
  ...listQueryFields(USER_SORTS, { sort: 'id', dir: 'asc' }),
  role: oneOfOptional(ROLES, USER_LIST_MSG.role),
  state: oneOfOptional(['active', 'inactive'] as const, USER_LIST_MSG.state),
  /** One company's people: its rut in any writing. */
  company: yup
    .string()
    .trim()
    .transform(emptyToUndefined)
    .max(20, USER_LIST_MSG.company)
    .test('rut', USER_LIST_MSG.company, (v) => !v || isValidRut(v))
    .optional(),
  companyRole: oneOfOptional(COMPANY_ROLES, USER_LIST_MSG.companyRole),
});
export type UserListQuery = yup.InferType<typeof userListQuerySchema>;
