import type { AdminUser, ErpCustomerLookup } from '@shared/api/adminUsers';
import type { SalesEmployee } from '@shared/api/erp';
import { fill } from '@shared/messages';
import type { RepScope, Role } from '@shared/roles';
import { formatRut } from '@shared/rut';
import { isCompanyPerson, USER_MSG, type UserCreateForm, type UserUpdateForm } from '@shared/schemas/users';
import type { Db, Tx } from '../db/connect';
import type { UserRow } from '../db/schema';
import { FOREIGN_KEY_VIOLATION, pgCode, pgConstraint, UNIQUE_VIOLATION } from '../db/errors';
import type { ErpService } from '../erp/erp.service';
import { ErpError } from '../erp/errors';
import { HttpError } from '../errors';
import type { SessionUser } from '../plugins/auth';
import { hashPassword } from '../security/passwords';
import { normalizeUsername, UsersRepo } from './users.repo';
import { AuditLog, AUDIT_SECRET, changedFields, pickValues } from '../audit/auditLog';
import { contactActiveDedupeKey, ERP_CONTACT_ACTIVE_JOB, type ContactActivePayload } from '../company/contactActiveJob';
import type { Outbox } from '../jobs/outbox.repo';

// User administration (R-ADM-USR-1 to R-ADM-USR-6), with the rules the spec leaves to the server:
// an ADMIN keeps only buyers; a SUPERADMIN keeps everybody; nobody removes the last SUPERADMIN or themselves.

export const toAdminUser = (row: UserRow): AdminUser => ({
  id: row.id,
  username: row.username,
  email: row.email,
  address: row.address,
  cellphone: row.cellphone,
  enabled: row.enabled,
  userType: row.userType,
  companyRut: row.userType === 'USER' ? row.companyRut : '',
  companyRole: row.userType === 'USER' ? row.companyRole : null,
  fullName: row.fullName,
  monthlyLimit: row.userType === 'USER' && row.companyRole === 'COMPRADOR' ? row.monthlyLimit : null,
  salesPersonCode: row.userType === 'VENDEDOR' ? row.salesPersonCode : null,
  repScope: row.userType === 'VENDEDOR' ? row.repScope : null,
});

/** 'Camila Rojas Pizarro' → the ERP contact's first name and surnames ('Camila', 'Rojas Pizarro'). */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

const isStaff = (role: Role) => role === 'ADMIN' || role === 'SUPERADMIN';

/** Whether `actor` may see and keep users of type `type`: ADMIN only buyers and sales reps, SUPERADMIN all. */
export const mayManage = (actor: Pick<SessionUser, 'role'>, type: Role) => actor.role === 'SUPERADMIN' || !isStaff(type);

const EDITABLE = ['email', 'address', 'cellphone', 'enabled', 'userType'] as const;
/** A sales rep's own fields (VENDEDOR): null for every other type. */
const REP_FIELDS = ['fullName', 'salesPersonCode', 'repScope'] as const;

/**
 * What a user of the form's type keeps of the rep's fields: a rep's name, employee and scope, or none. A person made a
 * rep leaves behind their ERP contact and monthly limit (a rep is nobody's contact person: deactivating them must not
 * touch a customer's contact).
 */
const repValues = (form: { userType: Role; fullName?: string; salesPersonCode?: number; repScope?: RepScope }) =>
  form.userType === 'VENDEDOR'
    ? { fullName: form.fullName ?? '', salesPersonCode: form.salesPersonCode ?? null, repScope: form.repScope ?? null, contactCode: null, monthlyLimit: null }
    : { salesPersonCode: null, repScope: null };

export class AdminUsersService {
  private readonly users: UsersRepo;

  constructor(
    private readonly db: Db,
    /** Drops the auth plugin's cached state of a user (its role, enabled flag and token version changed). */
    private readonly onUserChanged: (userId: number) => void = () => {},
    /**
     * Where a buyer's rut is looked up (a company login's rut, or a person's company, must be a customer in the ERP),
     * and where a person's contact is added to the company's business partner.
     */
    private readonly erp?: Pick<ErpService, 'getCustomerByRut' | 'addContactPerson' | 'salesPerson' | 'salesPersons'>,
    /** A person's deactivation or reactivation queues their ERP contact's follow-up here, in the same transaction. */
    private readonly outbox?: Pick<Outbox, 'enqueue'>,
  ) {
    this.users = new UsersRepo(db);
  }

  /**
   * GET /admin/users/erp-customer/{rut}: the ERP customer of a rut, or null. An ERP that does not answer is a 503 with
   * a Spanish message; the ERP's own error stays in the log.
   */
  async erpCustomer(rut: string): Promise<ErpCustomerLookup | null> {
    if (!this.erp) throw new HttpError(503, USER_MSG.erpUnavailable);
    try {
      const customer = await this.erp.getCustomerByRut(rut);
      return customer ? { rut: formatRut(rut), cardCode: customer.idcliente, name: customer.nombre } : null;
    } catch (err) {
      if (err instanceof ErpError && err.status !== 404) throw new HttpError(503, USER_MSG.erpUnavailable);
      throw err;
    }
  }

  /** GET /admin/sales-persons: the ERP's active sales employees, for a rep's form; 503 with the ERP down. */
  async activeSalesPersons(): Promise<SalesEmployee[]> {
    if (!this.erp) throw new HttpError(503, USER_MSG.erpUnavailable);
    try {
      return await this.erp.salesPersons({ activeOnly: true });
    } catch (err) {
      if (err instanceof ErpError) throw new HttpError(503, USER_MSG.erpUnavailable);
      throw err;
    }
  }

  /**
   * A rep's sales employee must exist and be active in the ERP now (read again on every save: the form's list may be
   * old): 400 on salesPersonCode otherwise, 503 when the ERP does not answer.
   */
  private async assertActiveSalesPerson(code: number): Promise<void> {
    if (!this.erp) throw new HttpError(503, USER_MSG.erpUnavailable);
    const refuse = (message: string) => new HttpError(400, message, { salesPersonCode: message });
    let employee: SalesEmployee;
    try {
      employee = await this.erp.salesPerson(code);
    } catch (err) {
      if (err instanceof ErpError && err.status === 404) throw refuse(USER_MSG.salesPersonNotFound);
      if (err instanceof ErpError) throw new HttpError(503, USER_MSG.erpUnavailable);
      throw err;
    }
    if (!employee.active) throw refuse(USER_MSG.salesPersonInactive);
  }

  /** A company login's rut must be an ERP customer: 400 with the field's message otherwise. */
  private async assertErpCustomer(rut: string): Promise<void> {
    if (!(await this.erpCustomer(rut))) throw new HttpError(400, USER_MSG.notErpCustomer, { username: USER_MSG.notErpCustomer });
  }

  /**
   * A new person's company in the ERP, and the person as one of its contact persons: added once, or linked when the
   * business partner already has a contact with that e-mail (ErpService.addContactPerson looks before it posts again
   * after an outcome it does not know). The company must be an ERP customer (400 on companyRut otherwise).
   */
  private async contactOf(form: UserCreateForm, username: string): Promise<number> {
    const company = await this.erpCustomer(form.companyRut!);
    if (!company) throw new HttpError(400, USER_MSG.companyNotErpCustomer, { companyRut: USER_MSG.companyNotErpCustomer });
    try {
      const { contact } = await this.erp!.addContactPerson(company.cardCode, { ...splitFullName(form.fullName ?? ''), email: form.email, phone: form.cellphone, rut: username });
      return contact.code;
    } catch (err) {
      if (err instanceof ErpError && err.status === 400) throw new HttpError(400, err.erpMessage ?? err.message);
      if (err instanceof ErpError) throw new HttpError(503, USER_MSG.erpUnavailable);
      throw err;
    }
  }

  private readonly forbidden = () => new HttpError(403, USER_MSG.adminOnlySuperadmin);
  private readonly notFound = () => new HttpError(404, USER_MSG.notFound);
  private readonly duplicate = (username: string) => new HttpError(409, fill(USER_MSG.duplicateRut, { username }));

  /** GET /admin/users: by id; an ADMIN does not see ADMIN and SUPERADMIN users. */
  async list(actor: SessionUser): Promise<AdminUser[]> {
    return (await this.users.list(actor.role !== 'SUPERADMIN')).map(toAdminUser);
  }

  async get(actor: SessionUser, id: number): Promise<AdminUser> {
    return this.visible(actor, await this.users.findById(id));
  }

  /** GET /admin/users/find/by/{username}: the rut in any writing ('76123456-0', '76.123.456-0', '761234560'). */
  async findByUsername(actor: SessionUser, username: string): Promise<AdminUser> {
    return this.visible(actor, await this.users.findByUsername(username));
  }

  private visible(actor: SessionUser, row: UserRow | undefined): AdminUser {
    if (!row) throw this.notFound();
    if (!mayManage(actor, row.userType)) throw this.forbidden();
    return toAdminUser(row);
  }

  /**
   * POST /admin/users without id. A buyer must be a customer in the ERP; every new user changes the password chosen by
   * the admin at the first login.
   */
  async create(actor: SessionUser, form: UserCreateForm): Promise<AdminUser> {
    if (!mayManage(actor, form.userType)) throw this.forbidden();
    const username = normalizeUsername(form.username);
    const person = isCompanyPerson(form);
    const companyRut = form.userType !== 'USER' ? '' : person ? normalizeUsername(form.companyRut!) : username;
    const emailTaken = () => new HttpError(409, fill(USER_MSG.duplicateCompanyEmail, { email: form.email }), { email: fill(USER_MSG.duplicateCompanyEmail, { email: form.email }) });
    // what can be refused without the ERP is refused before anything is written there
    if (await this.users.findByUsername(username)) throw this.duplicate(username);
    if (person && (await this.users.findByCompanyEmail(companyRut, form.email))) throw emailTaken();
    if (form.userType === 'USER' && !person) await this.assertErpCustomer(username);
    if (form.userType === 'VENDEDOR') await this.assertActiveSalesPerson(form.salesPersonCode!);
    const contactCode = person ? await this.contactOf(form, username) : null;
    const passwordHash = await hashPassword(form.password);
    const companyRole = form.userType !== 'USER' ? undefined : person ? form.companyRole! : 'ADMINISTRADOR';
    try {
      return await this.db.transaction(async (tx) => {
        if (await this.users.findByUsername(username, tx)) throw this.duplicate(username);
        const row = await this.users.insert(
          {
            username,
            passwordHash,
            email: form.email,
            address: form.address,
            cellphone: form.cellphone,
            enabled: form.enabled,
            userType: form.userType,
            mustChangePassword: true,
            companyRut,
            ...(companyRole ? { companyRole } : {}),
            fullName: form.fullName ?? '',
            monthlyLimit: companyRole === 'COMPRADOR' ? (form.monthlyLimit ?? null) : null,
            contactCode,
            ...repValues(form),
          },
          tx,
        );
        const companyFields = form.userType === 'USER' ? (['companyRut', 'companyRole', 'fullName', 'monthlyLimit', 'contactCode'] as const) : form.userType === 'VENDEDOR' ? REP_FIELDS : [];
        await AuditLog.record(tx, {
          actor,
          action: 'create',
          entity: 'user',
          entityId: row.id,
          fields: ['username', 'password', ...EDITABLE, ...companyFields],
          after: { ...pickValues(row, ['username', ...EDITABLE, 'mustChangePassword', ...companyFields]), password: AUDIT_SECRET },
          details: { username, userType: form.userType },
        });
        return toAdminUser(row);
      });
    } catch (err) {
      if (pgCode(err) === UNIQUE_VIOLATION) throw pgConstraint(err) === 'users_company_email_idx' ? emailTaken() : this.duplicate(username);
      throw err;
    }
  }

  /**
   * POST /admin/users with id. The rut cannot change; an empty password keeps the current one. A new password or a
   * deactivation raises the token version, so the user's sessions end; a new password must be changed at the next
   * login. A user made a buyer must be a customer in the ERP.
   */
  async update(actor: SessionUser, form: UserUpdateForm): Promise<AdminUser> {
    // Permission and the self-rules first (an admin learns nothing of a user it may not manage, and nothing is asked of
    // the ERP for a change that is not allowed); then what needs the ERP; all of it checked again under the lock below.
    const current = await this.users.findById(form.id);
    this.assertMayUpdate(actor, current, form);
    if (form.userType === 'USER' && current.userType !== 'USER') await this.assertErpCustomer(normalizeUsername(form.username));
    if (form.userType === 'VENDEDOR') await this.assertActiveSalesPerson(form.salesPersonCode!);
    const passwordHash = form.password ? await hashPassword(form.password) : undefined;
    const result = await this.db.transaction(async (tx) => {
      await this.users.lockChanges(tx);
      const target = await this.users.findById(form.id, tx);
      this.assertMayUpdate(actor, target, form);
      const stopsBeingSuperadmin = target.userType === 'SUPERADMIN' && target.enabled && (!form.enabled || form.userType !== 'SUPERADMIN');
      if (stopsBeingSuperadmin) await this.assertAnotherSuperadmin(tx, target.id);

      // a rep's name, employee and scope are written with the type, whole: none are left of a former rep
      const next = { email: form.email, address: form.address, cellphone: form.cellphone, enabled: form.enabled, userType: form.userType, ...repValues(form) };
      const fields: string[] = changedFields(target, next, [...EDITABLE, ...REP_FIELDS]);
      // a session made as a rep (or as something else) does not go on as another type, nor for another sales employee
      const repChanged = (target.userType === 'VENDEDOR') !== (form.userType === 'VENDEDOR') || fields.includes('salesPersonCode');
      const revokes = Boolean(passwordHash) || (target.enabled && !form.enabled) || repChanged;
      if (passwordHash) fields.push('password');
      if (!fields.length) return { row: target, changed: false };

      const row = await this.users.update(tx, target.id, { ...next, ...(passwordHash ? { passwordHash, mustChangePassword: true } : {}) }, revokes);
      // a person's ERP contact follows their access (Active), as when the company's administrator changes it
      if (fields.includes('enabled') && row.contactCode !== null && this.outbox) {
        const payload: ContactActivePayload = { userId: row.id };
        await this.outbox.enqueue(tx, { kind: ERP_CONTACT_ACTIVE_JOB, payload, dedupeKey: contactActiveDedupeKey(row.id, `${row.tokenVersion}:${row.updatedAt.getTime()}`) });
      }
      const valueFields = fields.filter((f): f is (typeof EDITABLE)[number] | (typeof REP_FIELDS)[number] => f !== 'password');
      const secret = passwordHash ? { password: AUDIT_SECRET } : {};
      await AuditLog.record(tx, {
        actor,
        action: 'update',
        entity: 'user',
        entityId: target.id,
        fields,
        before: { ...pickValues(target, valueFields), ...secret },
        after: { ...pickValues(row, valueFields), ...secret },
        details: { username: target.username, ...(fields.includes('userType') ? { userType: form.userType } : {}) },
      });
      return { row, changed: true };
    });
    if (result.changed) this.onUserChanged(result.row.id);
    return toAdminUser(result.row);
  }

  /** Who may make this change: the target exists, the actor manages its role and the new one, the rut stays, no self-demotion. */
  private assertMayUpdate(actor: SessionUser, target: UserRow | undefined, form: UserUpdateForm): asserts target is UserRow {
    if (!target) throw this.notFound();
    if (!mayManage(actor, target.userType) || !mayManage(actor, form.userType)) throw this.forbidden();
    if (target.id === actor.id && !form.enabled) throw new HttpError(409, USER_MSG.selfDisable);
    if (target.id === actor.id && form.userType !== target.userType) throw new HttpError(409, USER_MSG.selfRole);
    if (normalizeUsername(form.username) !== target.username) throw new HttpError(400, USER_MSG.rutReadOnly, { username: USER_MSG.rutReadOnly });
  }

  /** DELETE /admin/users/{id}. A user with orders or payments is kept (deactivate it instead): its history stays whole. */
  async delete(actor: SessionUser, id: number): Promise<void> {
    try {
      await this.db.transaction(async (tx) => {
        await this.users.lockChanges(tx);
        const target = await this.users.findById(id, tx);
        if (!target) throw this.notFound();
        if (!mayManage(actor, target.userType)) throw this.forbidden();
        if (target.id === actor.id) throw new HttpError(409, USER_MSG.selfDelete);
        if (target.userType === 'SUPERADMIN' && target.enabled) await this.assertAnotherSuperadmin(tx, target.id);
        if (await this.users.hasHistory(tx, target.id)) throw this.hasHistoryError(target.username);
        await this.users.delete(tx, target.id);
        await AuditLog.record(tx, {
          actor,
          action: 'delete',
          entity: 'user',
          entityId: target.id,
          before: pickValues(target, ['username', ...EDITABLE]),
          details: { username: target.username, userType: target.userType },
        });
      });
    } catch (err) {
      // an order written between the check and the delete
      if (pgCode(err) === FOREIGN_KEY_VIOLATION) throw this.hasHistoryError(String(id));
      throw err;
    }
    this.onUserChanged(id);
  }

  private hasHistoryError(username: string) {
    return new HttpError(409, fill(USER_MSG.hasOrders, { username }));
  }

  /** Another enabled SUPERADMIN must remain (checked under `lockUserChanges`, so two removals cannot both pass). */
  private async assertAnotherSuperadmin(tx: Tx, exceptId: number): Promise<void> {
    if (!(await this.users.anotherEnabledSuperadmin(tx, exceptId))) throw new HttpError(409, USER_MSG.lastSuperadmin);
  }
}
