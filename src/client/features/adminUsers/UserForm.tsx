import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AdminUser, SaveUserRequest } from '@shared/api/adminUsers';
import type { SalesEmployee } from '@shared/api/erp';
import { REP_SCOPE_LABELS, REP_SCOPES, type RepScope, type Role } from '@shared/roles';
import { compactRut, formatRut, isValidRut } from '@shared/rut';
import { COMPANY_ROLE_LABELS, COMPANY_ROLES, type CompanyRole } from '@shared/companyRoles';
import { assignableUserTypes, isCompanyPerson, USER_MSG, USER_TYPE_LABELS, userCreateSchema, userUpdateSchema } from '@shared/schemas/users';
import { fill } from '@shared/messages';
import FormCard from '@client/components/FormCard';
import RutField from '@client/components/RutField';
import { useFocusFirstError } from '@client/components/focusFirstError';
import { USER_LIST_PATH } from './adminUsersPaths';
import type { CustomerCheck, Loadable } from './adminUsersSlice';
import { ADMIN_USERS_TEXT as T } from './adminUsersTexts';

/** The form's values as typed; the selects hold '' for 'Seleccionar'. */
export interface UserFormValues {
  id?: number;
  username: string;
  password: string;
  confirmPassword: string;
  email: string;
  address: string;
  cellphone: string;
  enabled: '' | 'true' | 'false';
  userType: '' | Role;
  /** A buyer's company: '' for the company's own login; another rut for a person of that company (creation only). */
  companyRut: string;
  companyRole: '' | CompanyRole;
  fullName: string;
  /** Whole pesos as typed; '' for none. */
  monthlyLimit: string;
  /** A sales rep's ERP sales employee (its code as the select holds it); '' for none. */
  salesPersonCode: string;
  repScope: '' | RepScope;
}

type Field = Exclude<keyof UserFormValues, 'id'>;

export const emptyUser: UserFormValues = {
  username: '',
  password: '',
  confirmPassword: '',
  email: '',
  address: '',
  cellphone: '',
  enabled: '',
  userType: '',
  companyRut: '',
  companyRole: '',
  fullName: '',
  monthlyLimit: '',
  salesPersonCode: '',
  repScope: '',
};

/** An existing user in the form: passwords are never answered, so they start empty (empty keeps the current one). */
export function userFormValues(user: AdminUser): UserFormValues {
  return {
    id: user.id,
    username: formatRut(user.username),
    password: '',
    confirmPassword: '',
    email: user.email,
    address: user.address,
    cellphone: user.cellphone,
    enabled: user.enabled ? 'true' : 'false',
    userType: user.userType,
    companyRut: user.companyRut && user.companyRut !== user.username ? formatRut(user.companyRut) : '',
    companyRole: user.companyRole ?? '',
    fullName: user.fullName,
    monthlyLimit: user.monthlyLimit === null ? '' : String(user.monthlyLimit),
    salesPersonCode: user.salesPersonCode === null ? '' : String(user.salesPersonCode),
    repScope: user.repScope ?? '',
  };
}

/** The body of POST /admin/users: the formatted rut as username (R-ADM-USR-3), no id on creation. */
export function toSaveRequest(values: UserFormValues): SaveUserRequest {
  const base = {
    username: formatRut(values.username),
    email: values.email.trim(),
    address: values.address.trim(),
    cellphone: values.cellphone.trim(),
    enabled: values.enabled === 'true',
    userType: values.userType as Role,
  };
  // a sales rep's name, ERP sales employee and scope (no company)
  const rep = values.userType === 'VENDEDOR' ? { fullName: values.fullName.trim(), salesPersonCode: Number(values.salesPersonCode), repScope: values.repScope as RepScope } : {};
  if (values.id === undefined) {
    const person = isCompanyPerson(values);
    const company = person
      ? {
          companyRut: formatRut(values.companyRut),
          companyRole: values.companyRole as CompanyRole,
          fullName: values.fullName.trim(),
          ...(values.companyRole === 'COMPRADOR' && values.monthlyLimit.trim() ? { monthlyLimit: Number(values.monthlyLimit.trim()) } : {}),
        }
      : values.fullName.trim() && values.userType === 'USER'
        ? { fullName: values.fullName.trim() }
        : {};
    return { ...base, ...company, ...rep, password: values.password, confirmPassword: values.confirmPassword };
  }
  return values.password ? { ...base, ...rep, id: values.id, password: values.password, confirmPassword: values.confirmPassword } : { ...base, ...rep, id: values.id };
}

interface Props {
  id: string;
  title: string;
  initialValues: UserFormValues;
  /** The logged-in admin's role: an ADMIN assigns only 'Usuario'. */
  role: Role | null;
  running: boolean;
  error: string | null;
  onErrorClose: () => void;
  onSubmit: (request: SaveUserRequest) => void;
  /** Creation only: the ERP look-up of a buyer's rut, and how to ask for one. */
  customerCheck?: CustomerCheck;
  onRutEntered?: (rut: string) => void;
  /** The ERP's active sales employees for a sales rep, and how to ask for them (once the form shows a rep's fields). */
  salesPersons?: Loadable<SalesEmployee[]>;
  onSalesPersonsWanted?: () => void;
}

/** A buyer ('Usuario', or no role chosen yet) must be an ERP customer; administrators and sales reps are people, not companies. */
const isBuyerType = (type: UserFormValues['userType']) => type === '' || type === 'USER';

/** A select's choices after 'Seleccionar' (the empty value). */
const selectItems = (options: { value: string; label: string }[]) =>
  [{ value: '', label: T.select }, ...options].map((o) => (
    <MenuItem key={o.value} value={o.value}>
      {o.label}
    </MenuItem>
  ));

/** The rut that must be an ERP customer: a person's company's, or the company login's own. */
const customerRutOf = (form: Pick<UserFormValues, 'username' | 'userType' | 'companyRut'>) =>
  isCompanyPerson({ ...form, userType: form.userType || 'USER' }) ? form.companyRut : form.username;

/**
 * The user creation and update form (R-ADM-USR-2, R-ADM-USR-3): with an id the rut is read-only and an
 * empty password keeps the current one.
 */
export function UserForm({ id, title, initialValues, role, running, error, onErrorClose, onSubmit, customerCheck, onRutEntered, salesPersons, onSalesPersonsWanted }: Props) {
  const updating = initialValues.id !== undefined;
  const checksCustomer = !updating && onRutEntered !== undefined;

  /**
   * The look-up of the rut that must be an ERP customer, when one is wanted: the company's for a person of a company,
   * the user's own for a company's login. Asks for it unless it is known or under way.
   */
  const checkRut = (form: Pick<UserFormValues, 'username' | 'userType' | 'companyRut'>): boolean => {
    const customerRut = customerRutOf(form);
    if (!checksCustomer || !isBuyerType(form.userType) || !isValidRut(customerRut)) return false;
    const rut = compactRut(customerRut);
    if (customerCheck?.rut === rut && customerCheck.status !== 'failed') return false;
    onRutEntered(rut);
    return true;
  };

  const formik = useFormik<UserFormValues>({
    initialValues,
    validationSchema: updating ? userUpdateSchema : userCreateSchema,
    onSubmit: (values) => {
      // a buyer's rut never looked up (Enter pressed in the field): look it up first, the admin saves after seeing it
      if (values.userType === 'USER' && customerCheck?.rut !== compactRut(customerRutOf(values)) && checkRut(values)) return;
      onSubmit(toSaveRequest(values));
    },
  });
  // a refused submit takes the focus to the first field in error (components/focusFirstError)
  const formRef = useFocusFirstError(formik);
  const { values } = formik;
  const isRep = values.userType === 'VENDEDOR';
  const salesPersonsStatus = salesPersons?.status;
  // a sales rep's form reads the ERP's sales employees once
  useEffect(() => {
    if (isRep && salesPersonsStatus === 'idle') onSalesPersonsWanted?.();
  }, [isRep, salesPersonsStatus, onSalesPersonsWanted]);
  // the look-up shown is the one of the rut on the form that must be a customer, for a buyer
  const person = !updating && isCompanyPerson({ ...values, userType: values.userType || 'USER' });
  const check = checksCustomer && isBuyerType(values.userType) && customerCheck?.rut === compactRut(customerRutOf(values)) ? customerCheck : undefined;
  const notCustomer = check?.status === 'notCustomer' ? (check.error ?? undefined) : undefined;
  const rutHelper =
    check?.status === 'checking'
      ? T.customerChecking
      : check?.status === 'found' && check.customer
        ? fill(T.customerFound, { name: check.customer.name })
        : check?.status === 'failed'
          ? (check.error ?? undefined)
          : undefined;
  // 'Guardar' waits for the look-up, and refuses a buyer whose rut is not an ERP customer
  const blockedByCheck = values.userType === 'USER' && (check?.status === 'checking' || check?.status === 'notCustomer');
  const fieldError = (name: Field): string | undefined => (formik.touched[name] && formik.errors[name]) || undefined;
  const text = (name: Field, label: string, { helperText, slotProps, ...extra }: Partial<TextFieldProps> = {}) => (
    <TextField
      {...extra}
      id={`${id}-${name}`}
      name={name}
      label={label}
      value={values[name]}
      onChange={extra.onChange ?? formik.handleChange}
      onBlur={formik.handleBlur}
      error={Boolean(fieldError(name))}
      helperText={fieldError(name) ?? helperText}
      required={extra.required ?? (!updating || (name !== 'password' && name !== 'confirmPassword'))}
      fullWidth
      // a select shows 'Seleccionar' while empty, so its label stays above it
      slotProps={{ ...slotProps, ...(extra.select ? { select: { displayEmpty: true } } : {}), inputLabel: { required: false, ...(extra.select ? { shrink: true } : {}) } }}
    />
  );

  // the ERP did not answer: asked again from below the field whose rut it was
  const retryCheck = check?.status === 'failed' && (
    <Button size="small" sx={{ mt: 0.5 }} onClick={() => checkRut(values)}>
      {T.customerRetry}
    </Button>
  );

  // the ERP's active sales employees; a rep's current one stays shown while they load, and once loaded, if no longer
  // active, says so (the server refuses it on save)
  const employees = (salesPersons?.data ?? []).map((e) => ({ value: String(e.code), label: fill(T.salesPersonOption, { code: e.code, name: e.name }) }));
  if (values.salesPersonCode && !employees.some((e) => e.value === values.salesPersonCode)) {
    const label = salesPersons?.status === 'loaded' ? fill(T.salesPersonNotActive, { code: values.salesPersonCode }) : values.salesPersonCode;
    employees.push({ value: values.salesPersonCode, label });
  }
  const employeesHelp = salesPersons?.status === 'loading' ? T.salesPersonsLoading : salesPersons?.status === 'failed' ? (salesPersons.error ?? undefined) : T.salesPersonHelp;

  // the record's own type stays shown even if this admin could not assign it (the server decides)
  const types = assignableUserTypes(role);
  if (values.userType && !types.includes(values.userType)) types.push(values.userType);

  return (
    <FormCard id={id} title={title} maxWidth={720} error={error} onErrorClose={onErrorClose} onSubmit={formik.handleSubmit} formRef={formRef}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
          <RutField
            id={`${id}-username`}
            name="username"
            label={person || isRep || (updating && values.companyRut) ? T.personRutLabel : T.rutLabel}
            value={values.username}
            onChange={(v) => void formik.setFieldValue('username', v)}
            onBlur={(e) => {
              formik.handleBlur(e);
              checkRut(values);
            }}
            error={fieldError('username') ?? (person ? undefined : notCustomer)}
            helperText={person ? undefined : rutHelper}
            readOnly={updating}
          />
          {!person && retryCheck}
        </Box>
        {isBuyerType(values.userType) && !updating && (
          <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
            <RutField
              id={`${id}-companyRut`}
              name="companyRut"
              label={T.companyRutLabel}
              value={values.companyRut}
              required={false}
              onChange={(v) => void formik.setFieldValue('companyRut', v)}
              onBlur={(e) => {
                formik.handleBlur(e);
                checkRut(values);
              }}
              error={fieldError('companyRut') ?? (person ? notCustomer : undefined)}
              helperText={person ? (rutHelper ?? T.companyRutHelp) : T.companyRutHelp}
            />
            {person && retryCheck}
          </Box>
        )}
        {updating && values.userType === 'USER' && values.companyRole && (
          <Typography sx={{ gridColumn: { sm: '1 / -1' } }} color="text.secondary">
            {[values.fullName, fill(T.companyOf, { rut: values.companyRut || values.username, role: COMPANY_ROLE_LABELS[values.companyRole] })].filter(Boolean).join(' · ')}
          </Typography>
        )}
        {person && (
          <>
            {text('fullName', T.fullNameLabel, { autoComplete: 'off' })}
            {text('companyRole', T.companyRoleLabel, {
              select: true,
              children: selectItems(COMPANY_ROLES.map((value) => ({ value, label: COMPANY_ROLE_LABELS[value] }))),
            })}
            {values.companyRole === 'COMPRADOR' &&
              text('monthlyLimit', T.monthlyLimitLabel, { required: false, autoComplete: 'off', helperText: T.monthlyLimitHelp, slotProps: { htmlInput: { inputMode: 'numeric' } } })}
          </>
        )}
        {isRep && (
          <>
            <Box sx={{ gridColumn: { sm: '1 / -1' } }}>{text('fullName', T.fullNameLabel, { autoComplete: 'off' })}</Box>
            <Box>
              {text('salesPersonCode', T.salesPersonLabel, {
                select: true,
                helperText: employeesHelp,
                children: selectItems(employees),
              })}
              {salesPersons?.status === 'failed' && (
                <Button size="small" sx={{ mt: 0.5 }} onClick={() => onSalesPersonsWanted?.()}>
                  {T.salesPersonsRetry}
                </Button>
              )}
            </Box>
            {text('repScope', T.repScopeLabel, {
              select: true,
              helperText: T.repScopeHelp,
              children: selectItems(REP_SCOPES.map((value) => ({ value, label: REP_SCOPE_LABELS[value] }))),
            })}
          </>
        )}
        {text('password', T.passwordLabel, { type: 'password', autoComplete: 'new-password', helperText: updating ? T.keepPassword : T.firstLoginChange })}
        {text('confirmPassword', T.confirmPasswordLabel, { type: 'password', autoComplete: 'new-password' })}
        {text('email', T.emailLabel, { type: 'email', autoComplete: 'off' })}
        {text('address', T.addressLabel, { autoComplete: 'off' })}
        {text('cellphone', T.cellphoneLabel, {
          autoComplete: 'off',
          slotProps: {
            input: { startAdornment: <InputAdornment position="start">{T.cellphonePrefix}</InputAdornment> },
            htmlInput: { inputMode: 'numeric' },
          },
        })}
        {text('enabled', T.enabledLabel, {
          select: true,
          children: selectItems([
            { value: 'true', label: USER_MSG.active },
            { value: 'false', label: USER_MSG.inactive },
          ]),
        })}
        {text('userType', T.userTypeLabel, {
          select: true,
          // choosing 'Usuario' after the rut looks the rut up
          onChange: (e) => {
            const type = e.target.value as UserFormValues['userType'];
            formik.handleChange(e);
            // what the new type does not have is not kept hidden on the form (nor refused there)
            if (!isBuyerType(type) && values.companyRut) void formik.setFieldValue('companyRut', '', false);
            if (type !== 'VENDEDOR') {
              if (values.salesPersonCode) void formik.setFieldValue('salesPersonCode', '', false);
              if (values.repScope) void formik.setFieldValue('repScope', '', false);
            }
            checkRut({ ...values, userType: type });
          },
          children: selectItems(types.map((type) => ({ value: type, label: USER_TYPE_LABELS[type] }))),
        })}
      </Box>
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between' }}>
        <Button component={RouterLink} to={USER_LIST_PATH} startIcon={<ArrowBackIcon />}>
          {T.backToUsers}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={running || blockedByCheck}
          startIcon={running ? <CircularProgress size={18} color="inherit" aria-label={T.saving} /> : undefined}
        >
          {updating ? T.updateButton : T.saveButton}
        </Button>
      </Stack>
    </FormCard>
  );
}
