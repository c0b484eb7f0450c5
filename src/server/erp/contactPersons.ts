// The people of a buying company as the ERP keeps them: the contact persons of the business partner (B1
// `BusinessPartners('{CardCode}')` → `ContactEmployees`). Read whole (SL cannot filter a partner's collection), added and
// changed with PATCH BusinessPartners carrying the lines: a line with its InternalCode changes that contact, one
// without is added; the lines not sent are kept (docs/protocols.md).
//
// Adding is a create without idempotency, like a sales order (docs/exactly-once.md): the contact is first looked up by
// e-mail (an existing one is linked, not added again); a PATCH whose outcome is unknown (timeout, reset, lost answer,
// 5xx) is followed by look-ups by e-mail before any new PATCH; and every PATCH of one person sends the same Name, which
// B1 keeps unique per partner, so a PATCH sent again while the first is still being committed is refused, not doubled.
// Writes to one partner are made one after another in this process; across processes the caller keeps a unique key.
import type { ContactPerson, ContactPersonChanges, ContactPersonInput } from '@shared/api/erp';
import type { B1BusinessPartner, B1ContactEmployee } from './b1Types';
import { surelyNotCreated } from './createOnce';
import { ErpError, ERP_MESSAGES } from './errors';
import { CONTACTS_SELECT, contactName, sameEmail, toContactLine, toContactPerson } from './mapping';
import { entity } from './odata';
import type { ServiceLayerClient } from './serviceLayer';

/** How an add whose outcome is unknown is settled (all in ms). */
export interface ContactPersonsOptions {
  /**
   * How long after a PATCH of unknown outcome the contact is only looked up (B1 may still be committing it); a new
   * PATCH leaves only after a look-up past this point finds nothing. Default 5 000.
   */
  settleMs?: number;
  /** The first pause between those look-ups, doubling up to `lookupMaxMs`. Defaults 250 and 2 000. */
  lookupFirstMs?: number;
  lookupMaxMs?: number;
  /** PATCHes of one add at most (the first and those after unknown outcomes or a Name taken meanwhile). Default 3. */
  maxPatches?: number;
  /** Waits (tests replace it). */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** What an add did: `linked` when the ERP already had a contact with that e-mail (nothing was added). */
export interface AddedContactPerson {
  contact: ContactPerson;
  linked: boolean;
}

const DEFAULTS = { settleMs: 5_000, lookupFirstMs: 250, lookupMaxMs: 2_000, maxPatches: 3 };

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** B1 refused a contact line because another contact of the partner has its Name. */
function nameTaken(error: unknown): boolean {
  return error instanceof ErpError && error.status === 400 && /ContactEmployees\.Name/.test(error.erpMessage ?? '') && /already exists/i.test(error.erpMessage ?? '');
}

export class ContactPersons {
  private readonly options: Required<ContactPersonsOptions>;
  /** The tail of the writes to each partner in this process. */
  private readonly queues = new Map<string, Promise<unknown>>();

  /**
   * `partner` reads a customer with the given fields (ErpError 404 when the ERP has no such customer): the ERP
   * service's own reader.
   */
  constructor(
    private readonly sl: ServiceLayerClient,
    private readonly partner: (cardCode: string, select: readonly string[]) => Promise<B1BusinessPartner>,
    options: ContactPersonsOptions = {},
  ) {
    this.options = { ...DEFAULTS, sleep: delay, now: Date.now, ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) };
  }

  /** The customer's contact persons, in the ERP's order. ErpError 404 when there is no such customer. */
  async list(cardCode: string): Promise<ContactPerson[]> {
    return (await this.read(cardCode)).map(toContactPerson);
  }

  /**
   * Adds the person as a contact of the customer exactly once, or links the contact that already has that e-mail
   * (case-insensitive; an inactive one is made active again unless `person.active` is false). Answers the contact
   * with its InternalCode. ErpError: 404 no such customer, 400 the ERP refused the line (its text), 503 the ERP could
   * not be reached or the outcome stayed unknown (nothing is known to be added twice: a later call looks first).
   */
  add(cardCode: string, person: ContactPersonInput): Promise<AddedContactPerson> {
    return this.serialized(cardCode, async () => {
      const contacts = await this.read(cardCode);
      const existing = contacts.find((c) => sameEmail(c.E_Mail ?? '', person.email));
      if (existing) {
        const wanted = person.active ?? true;
        const contact = wanted && existing.Active === 'tNO' ? await this.change(cardCode, existing.InternalCode, { active: true }) : toContactPerson(existing);
        return { contact, linked: true };
      }
      return { contact: await this.create(cardCode, person, contacts), linked: false };
    });
  }

  /** Changes the given fields of contact `code` (its Name follows a new first name or surname). ErpError 404 when absent. */
  update(cardCode: string, code: number, changes: ContactPersonChanges): Promise<ContactPerson> {
    return this.serialized(cardCode, () => this.change(cardCode, code, changes));
  }

  /** Activates or deactivates contact `code`. */
  setActive(cardCode: string, code: number, active: boolean): Promise<ContactPerson> {
    return this.update(cardCode, code, { active });
  }

  // --- internals ---

  /** Runs `work` after every earlier write to the same partner has ended (one at a time per CardCode). */
  private serialized<T>(cardCode: string, work: () => Promise<T>): Promise<T> {
    const before = this.queues.get(cardCode) ?? Promise.resolve();
    const run = before.catch(() => undefined).then(work);
    const tail = run.catch(() => undefined);
    this.queues.set(cardCode, tail);
    void tail.then(() => {
      if (this.queues.get(cardCode) === tail) this.queues.delete(cardCode);
    });
    return run;
  }

  private async read(cardCode: string): Promise<B1ContactEmployee[]> {
    return (await this.partner(cardCode, CONTACTS_SELECT)).ContactEmployees ?? [];
  }

  private async byEmail(cardCode: string, email: string): Promise<ContactPerson | null> {
    const found = (await this.read(cardCode)).find((c) => sameEmail(c.E_Mail ?? '', email));
    return found ? toContactPerson(found) : null;
  }

  /** The PATCHes of a new contact, each after the evidence that the earlier ones added nothing. */
  private async create(cardCode: string, person: ContactPersonInput, contacts: readonly B1ContactEmployee[]): Promise<ContactPerson> {
    const { maxPatches } = this.options;
    let name = contactName(person.firstName, person.lastName, contacts.map((c) => c.Name));
    for (let patches = 1; ; patches++) {
      const line = toContactLine({ ...person, active: person.active ?? true }, name);
      try {
        await this.sl.patch(entity('BusinessPartners', cardCode), { ContactEmployees: [line] });
      } catch (error) {
        if (surelyNotCreated(error)) {
          // The ERP refused this PATCH. A Name taken since the read is an earlier PATCH of this person committed
          // late, or another contact added meanwhile: the e-mail tells which.
          if (!nameTaken(error)) throw error;
          const found = await this.byEmail(cardCode, person.email);
          if (found) return found;
          if (patches >= maxPatches) throw error;
          name = contactName(person.firstName, person.lastName, (await this.read(cardCode)).map((c) => c.Name));
          continue;
        }
        // Unknown outcome: B1 may have added it (or still be adding it). Look before any new PATCH.
        const found = await this.settle(cardCode, person.email);
        if (found) return found;
        if (patches >= maxPatches) throw error;
        continue;
      }
      const added = await this.byEmail(cardCode, person.email);
      if (added) return added;
      throw new ErpError({
        status: 503, code: 'ERP_BAD_RESPONSE', message: ERP_MESSAGES.badResponse,
        erpMessage: `PATCH BusinessPartners('${cardCode}') answered 204 but no contact has the e-mail sent`,
      });
    }
  }

  /**
   * Looks the contact up by e-mail after a PATCH of unknown outcome: at once, then after growing pauses until
   * `settleMs` has passed, with one last look-up past that point. null only when that last look-up finds nothing; a
   * look-up that fails throws (the outcome stays unknown and nothing is sent again).
   */
  private async settle(cardCode: string, email: string): Promise<ContactPerson | null> {
    const { settleMs, lookupFirstMs, lookupMaxMs, sleep, now } = this.options;
    const started = now();
    let pause = Math.max(1, lookupFirstMs);
    for (;;) {
      const found = await this.byEmail(cardCode, email);
      if (found) return found;
      const waited = now() - started;
      if (waited > settleMs) return null;
      await sleep(Math.min(pause, settleMs - waited + 1));
      pause = Math.min(pause * 2, lookupMaxMs);
    }
  }

  /** PATCHes contact `code` with `changes` (idempotent: an unknown outcome is read back and compared). */
  private async change(cardCode: string, code: number, changes: ContactPersonChanges): Promise<ContactPerson> {
    const contacts = await this.read(cardCode);
    const current = contacts.find((c) => c.InternalCode === code);
    if (!current) throw new ErpError({ status: 404, code: 'ERP_NOT_FOUND', message: ERP_MESSAGES.contactNotFound });
    if (changes.email !== undefined && contacts.some((c) => c.InternalCode !== code && sameEmail(c.E_Mail ?? '', changes.email!))) {
      throw new ErpError({ status: 409, code: 'ERP_REJECTED', message: ERP_MESSAGES.contactEmailTaken });
    }
    const renamed = changes.firstName !== undefined || changes.lastName !== undefined;
    const others = contacts.filter((c) => c.InternalCode !== code).map((c) => c.Name);
    const name = renamed ? contactName(changes.firstName ?? current.FirstName ?? '', changes.lastName ?? current.LastName ?? '', others) : undefined;
    const line = { InternalCode: code, ...toContactLine(changes, name) };
    try {
      await this.sl.patch(entity('BusinessPartners', cardCode), { ContactEmployees: [line] });
    } catch (error) {
      if (surelyNotCreated(error)) throw error;
      // The same PATCH twice changes nothing more: read it back and tell whether it was applied.
      const after = (await this.read(cardCode)).find((c) => c.InternalCode === code);
      if (!after || !Object.entries(line).every(([field, value]) => (after as unknown as Record<string, unknown>)[field] === value)) throw error;
      return toContactPerson(after);
    }
    const after = (await this.read(cardCode)).find((c) => c.InternalCode === code);
    if (!after) throw new ErpError({ status: 404, code: 'ERP_NOT_FOUND', message: ERP_MESSAGES.contactNotFound });
    return toContactPerson(after);
  }
}
