import { randomBytes } from 'node:crypto';
import type { CompanyPerson } from '@shared/api/companyPeople';
import type { ContactPersonChanges } from '@shared/api/erp';
import { COMPANY_ROLE_LABELS } from '@shared/companyRoles';
import { fill } from '@shared/messages';
import { compactRut } from '@shared/rut';
import { PEOPLE_MSG, type PersonAddForm, type PersonChangeForm } from '@shared/schemas/companyPeople';
import type { Db, Tx } from '../db/connect';
import type { UserRow } from '../db/schema';
import { pgCode, UNIQUE_VIOLATION } from '../db/errors';
import type { ErpService } from '../erp/erp.service';
import { ErpError } from '../erp/errors';
import { HttpError } from '../errors';
import type { OutboxWorker } from '../jobs/outbox';
import type { Outbox } from '../jobs/outbox.repo';
import { enqueueMail } from '../mail/mailJob';
import { escapeHtml } from '../mail/orderMail';
import { Sealer } from '../mail/sealedFields';
import type { SessionUser } from '../plugins/auth';
import type { CustomerDirectory } from '../profile/customers.service';
import { actingOn } from '../security/acting';
import { hashPassword } from '../security/passwords';
import { createPasswordSetup, passwordSetupUrl, PASSWORD_SETUP_TTL_MS } from '../security/passwordSetup.service';
import { PasswordSetupsRepo } from '../security/passwordSetups.repo';
import { normalizeUsername, UsersRepo } from '../users/users.repo';
import { AuditLog, changedFields, pickValues } from '../audit/auditLog';
import { PeopleRepo, type PersonChanges } from './people.repo';
import { contactActiveDedupeKey, ERP_CONTACT_ACTIVE_JOB, type ContactActivePayload } from './contactActiveJob';

export const toCompanyPerson = (row: UserRow): CompanyPerson => ({
  id: row.id,
  rut: row.username,
  name: row.fullName,
  email: row.email,
  phone: row.cellphone,
  role: row.companyRole,
  monthlyLimit: row.monthlyLimit,
  active: row.enabled,
  contactCode: row.contactCode,
  companyLogin: row.username === row.companyRut,
  createdAt: row.createdAt.toISOString(),
});

/** The set-your-password mail: the link (sealed in the outbox: `link` is its placeholder) and no password. */
export function buildPasswordSetupMail(brand: string, person: { name: string; rut: string; companyRut: string }, link: string) {
  const hours = Math.round(PASSWORD_SETUP_TTL_MS / 3_600_000);
  const subject = `${brand}: crea tu contraseña para el portal`;
  const lines = [
    `Hola ${person.name}:`,
    `El administrador de tu empresa (rut ${person.companyRut}) te dio acceso al portal ${brand}.`,
    `Para crear tu contraseña abre este enlace (sirve una sola vez y vence en ${hours} horas):`,
    link,
    `Después ingresa con tu rut personal ${person.rut} y la contraseña que elegiste.`,
    'Si no esperabas este correo, ignóralo.',
  ];
  const text = [...lines, '', `-- ${brand}`].join('\n');
  // the sealed placeholder is escaped for HTML when it is opened, so it is not escaped here
  const html = [
    ...lines.slice(0, 3).map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${link}">Crear mi contraseña</a></p>`,
    ...lines.slice(4).map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p>${escapeHtml(brand)}</p>`,
  ].join('\n');
  return { subject, text, html };
}

/** The outbox key of a person's set-your-password mail: one per link. */
const passwordSetupMailKey = (userId: number, expiresAt: Date) => `mail:PASSWORD_SETUP:${userId}:${expiresAt.getTime()}`;

export interface PeopleDeps {
  db: Db;
  /** setContactPersonActive: the outbox job the people plugin registers (contactActiveJob.ts). */
  erp: Pick<ErpService, 'addContactPerson' | 'updateContactPerson' | 'setContactPersonActive'>;
  customers: Pick<CustomerDirectory, 'cardCodeOf'>;
  outbox: Outbox;
  worker: Pick<OutboxWorker, 'kick' | 'register'>;
  publicUrl: string;
  brandName: string;
  mailDomain: string;
  /** Seals the link in the outbox: `sealingKey(JWT secret)`. */
  sealKey: Buffer;
  /** Drops the auth plugin's cached state of a person (role, limit, enabled flag changed). */
  forgetSession: (userId: number) => void;
}

/**
 * The people of the caller's company ('Mi empresa: Personas', docs/company-people.md), for its Administrador (the
 * routes require the 'people' capability). An add or a change of name or phone writes the ERP first (the contact
 * person), the portal after: an ERP that fails leaves nothing changed. A deactivation or reactivation is the portal's at
 * once; the ERP contact follows through the outbox. Changes to one company's people run one at a time, so the company always keeps an
 * active Administrador.
 */
export class PeopleService {
  private readonly users: UsersRepo;
  private readonly people: PeopleRepo;
  private readonly setups = new PasswordSetupsRepo();

  constructor(private readonly deps: PeopleDeps) {
    this.users = new UsersRepo(deps.db);
    this.people = new PeopleRepo(deps.db);
  }

  async list(actor: SessionUser): Promise<CompanyPerson[]> {
    return (await this.people.list(actor.companyRut)).map(toCompanyPerson);
  }

  /** A person of the caller's company; any other id (another company's person, an admin) is a 404. */
  private async own(actor: SessionUser, id: number): Promise<UserRow> {
    const row = await this.users.findById(id);
    return actingOn(actor, row, (r) => (r.userType === 'USER' ? r.companyRut : ''), PEOPLE_MSG.notFound);
  }

  /** Runs an ERP call: a refusal of the data is a 400 with its reason, anything else (down, unknown) a 503. */
  private async erpCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof ErpError && err.status === 400) throw new HttpError(400, fill(PEOPLE_MSG.erpRefused, { reason: err.message }));
      if (err instanceof ErpError || err instanceof HttpError) throw new HttpError(503, PEOPLE_MSG.erpUnavailable);
      throw err;
    }
  }

  /**
   * Adds a person: the contact person in the ERP (exactly once; an existing contact with that e-mail is linked), then
   * the portal user with an unusable password, its single-use set-your-password link and the mail with it, in one
   * transaction. A rut already used, or an e-mail already used in the company, is a 409; of two administrators adding
   * the same e-mail at once, one adds the person and the other gets that 409 (one ERP contact, one user).
   */
  async add(actor: SessionUser, form: PersonAddForm): Promise<CompanyPerson> {
    const rut = normalizeUsername(form.rut);
    const email = form.email.trim();
    const companyRut = actor.companyRut;
    if (await this.users.findByUsername(rut)) throw new HttpError(409, fill(PEOPLE_MSG.rutTaken, { rut }));
    if (await this.people.byEmail(companyRut, email)) throw new HttpError(409, fill(PEOPLE_MSG.emailTaken, { email }));
    const cardCode = await this.erpCall(() => this.deps.customers.cardCodeOf(actor));
    const { contact } = await this.erpCall(() =>
      this.deps.erp.addContactPerson(cardCode, { firstName: form.firstName, lastName: form.lastName, email, phone: form.phone || undefined, rut: compactRut(rut) }),
    );
    // nobody knows this password: the person chooses one through the link
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    const fullName = `${form.firstName} ${form.lastName}`;
    try {
      const row = await this.deps.db.transaction(async (tx) => {
        const inserted = await this.users.insert(
          {
            username: rut,
            companyRut,
            companyRole: form.role,
            monthlyLimit: form.role === 'COMPRADOR' ? (form.monthlyLimit ?? null) : null,
            fullName,
            contactCode: contact.code,
            passwordHash,
            email,
            cellphone: form.phone,
            enabled: true,
            userType: 'USER',
            mustChangePassword: false,
          },
          tx,
        );
        await this.queuePasswordLink(tx, inserted);
        await AuditLog.record(tx, {
          actor,
          action: 'create',
          entity: 'user',
          entityId: inserted.id,
          fields: ['username', 'fullName', 'email', 'cellphone', 'companyRole', 'monthlyLimit', 'contactCode'],
          after: pickValues(inserted, ['username', 'fullName', 'email', 'cellphone', 'companyRole', 'monthlyLimit', 'contactCode', 'companyRut']),
          details: { username: rut, person: fullName, companyRut, companyRole: form.role },
        });
        return inserted;
      });
      this.deps.worker.kick();
      return toCompanyPerson(row);
    } catch (err) {
      if (pgCode(err) !== UNIQUE_VIOLATION) throw err;
      // a concurrent add won: the same rut, or the same e-mail in the company
      if (await this.users.findByUsername(rut)) throw new HttpError(409, fill(PEOPLE_MSG.rutTaken, { rut }));
      throw new HttpError(409, fill(PEOPLE_MSG.emailTaken, { email }));
    }
  }

  /** A new single-use set-your-password link for `person` and its mail, in the caller's transaction. */
  private async queuePasswordLink(tx: Tx, person: UserRow): Promise<void> {
    const { token, expiresAt } = await createPasswordSetup(tx, person.id);
    const sealer = new Sealer(this.deps.sealKey);
    const link = sealer.placeholder(passwordSetupUrl(this.deps.publicUrl, token));
    const mail = buildPasswordSetupMail(this.deps.brandName, { name: person.fullName || person.username, rut: person.username, companyRut: person.companyRut }, link);
    const payload = { to: person.email, ...mail, sealed: sealer.sealed };
    await enqueueMail(this.deps.outbox, tx, passwordSetupMailKey(person.id, expiresAt), payload, this.deps.mailDomain);
  }

  /**
   * Sends a person a new set-your-password link (the first one expired or was lost, or the password was forgotten):
   * the links not used yet stop working. The password stays until the new link is used.
   */
  async sendPasswordLink(actor: SessionUser, id: number): Promise<CompanyPerson> {
    const current = await this.own(actor, id);
    if (!current.enabled) throw new HttpError(409, PEOPLE_MSG.linkInactive);
    if (!current.email) throw new HttpError(409, PEOPLE_MSG.linkNoEmail);
    await this.deps.db.transaction(async (tx) => {
      await this.setups.revokeOpen(tx, id);
      await this.queuePasswordLink(tx, current);
      await AuditLog.record(tx, {
        actor,
        action: 'update',
        entity: 'user',
        entityId: id,
        fields: ['passwordLink'],
        details: { username: current.username, person: current.fullName, companyRut: current.companyRut, email: current.email },
      });
    });
    this.deps.worker.kick();
    return toCompanyPerson(current);
  }

  /** Refuses a change that would leave the company without an active Administrador. */
  private async assertKeepsAdministrator(q: Parameters<PeopleRepo['anotherActiveAdministrator']>[0], target: UserRow, stillAdministrator: boolean): Promise<void> {
    const removes = target.enabled && target.companyRole === 'ADMINISTRADOR' && !stillAdministrator;
    if (removes && !(await this.people.anotherActiveAdministrator(q, target.companyRut, target.id))) throw new HttpError(409, PEOPLE_MSG.lastAdministrator);
  }

  /**
   * Changes a person's role, limit, phone and (when given) name. The ERP contact's name and phone follow (first: an
   * ERP that fails changes nothing); the new role and limit apply to the person's next request.
   */
  async change(actor: SessionUser, id: number, form: PersonChangeForm): Promise<CompanyPerson> {
    const current = await this.own(actor, id);
    const stillAdministrator = (row: UserRow) => form.role === 'ADMINISTRADOR' || !row.enabled;
    await this.assertKeepsAdministrator(this.deps.db, current, stillAdministrator(current));
    const next: PersonChanges = {
      companyRole: form.role,
      monthlyLimit: form.role === 'COMPRADOR' ? (form.monthlyLimit ?? null) : null,
      cellphone: form.phone,
      fullName: form.firstName ? `${form.firstName} ${form.lastName}` : current.fullName,
    };
    const erpChanges: ContactPersonChanges = {
      ...(form.firstName ? { firstName: form.firstName, lastName: form.lastName } : {}),
      ...(form.phone !== current.cellphone ? { phone: form.phone } : {}),
    };
    if (current.contactCode !== null && Object.keys(erpChanges).length) {
      const cardCode = await this.erpCall(() => this.deps.customers.cardCodeOf(actor));
      await this.erpCall(() => this.deps.erp.updateContactPerson(cardCode, current.contactCode!, erpChanges));
    }
    const row = await this.deps.db.transaction(async (tx) => {
      await this.people.lockCompany(tx, current.companyRut);
      const target = (await this.users.findById(id, tx))!;
      await this.assertKeepsAdministrator(tx, target, stillAdministrator(target));
      const fields = changedFields(target, next, ['companyRole', 'monthlyLimit', 'cellphone', 'fullName']);
      if (!fields.length) return target;
      const changed = await this.people.update(tx, id, next, false);
      await AuditLog.record(tx, {
        actor,
        action: 'update',
        entity: 'user',
        entityId: id,
        fields,
        before: pickValues(target, fields as (keyof UserRow & string)[]),
        after: pickValues(changed, fields as (keyof UserRow & string)[]),
        details: { username: target.username, person: changed.fullName, companyRut: target.companyRut },
      });
      return changed;
    });
    this.deps.forgetSession(id);
    return toCompanyPerson(row);
  }

  /**
   * Deactivates (the person's sessions end at once) or reactivates a person. The ERP contact follows through the outbox
   * (contactActiveJob.ts), queued in the same transaction: an ERP that is down never keeps a person's access open.
   * Nobody deactivates themselves, nor the company's last active Administrador.
   */
  async setActive(actor: SessionUser, id: number, active: boolean): Promise<CompanyPerson> {
    const current = await this.own(actor, id);
    if (!active && current.id === actor.id) throw new HttpError(409, PEOPLE_MSG.selfDeactivate);
    const { row, changed } = await this.deps.db.transaction(async (tx) => {
      await this.people.lockCompany(tx, current.companyRut);
      const target = (await this.users.findById(id, tx))!;
      if (target.enabled === active) return { row: target, changed: false };
      await this.assertKeepsAdministrator(tx, target, active);
      const updated = await this.people.update(tx, id, { enabled: active }, !active);
      if (updated.contactCode !== null) {
        const payload: ContactActivePayload = { userId: id };
        await this.deps.outbox.enqueue(tx, { kind: ERP_CONTACT_ACTIVE_JOB, payload, dedupeKey: contactActiveDedupeKey(id, `${updated.tokenVersion}:${updated.updatedAt.getTime()}`) });
      }
      await AuditLog.record(tx, {
        actor,
        action: 'update',
        entity: 'user',
        entityId: id,
        fields: ['enabled'],
        before: { enabled: target.enabled },
        after: { enabled: active },
        details: { username: target.username, person: target.fullName, companyRut: target.companyRut, companyRole: COMPANY_ROLE_LABELS[target.companyRole] },
      });
      return { row: updated, changed: true };
    });
    if (changed) {
      this.deps.forgetSession(id);
      this.deps.worker.kick();
    }
    return toCompanyPerson(row);
  }
}
