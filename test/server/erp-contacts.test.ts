// ErpService's contact persons against the B1 stand-in: the list, the exactly-once add (linked by e-mail, looked up after
// every unknown outcome, never two contacts for one e-mail), changes by InternalCode, and ContactPersonCode on orders.
import { startB1Mock, type B1Mock } from '@mocks/b1/server';
import { DEMO_PEOPLE, PEOPLE_SHOWCASE_CARDCODE, demoPeopleOf } from '@mocks/demo/people';
import { ErpError } from '@server/erp/errors';
import { ErpService } from '@server/erp/erp.service';
import { ServiceLayerClient, type ErpExchange } from '@server/erp/serviceLayer';
import type { FetchLike } from '@server/erp/transport';
import { compactRut } from '@shared/rut';

let mock: B1Mock;

beforeAll(async () => {
  mock = await startB1Mock();
});
afterAll(async () => {
  await mock.close();
});
afterEach(() => {
  mock.resetFaults();
});

interface Harness {
  erp: ErpService;
  sl: ServiceLayerClient;
  exchanges: ErpExchange[];
  patches: () => number;
}

/** A client of the stand-in whose exchanges are recorded; `fetch` may stand between them (faults after the ERP's commit). */
function harness(options: { timeoutMs?: number; fetch?: FetchLike; settleMs?: number; maxPatches?: number } = {}): Harness {
  const sl = new ServiceLayerClient({
    baseUrl: mock.url, company: 'SBODEMOCL', user: 'manager', password: 'manager', timeoutMs: options.timeoutMs ?? 5_000, fetch: options.fetch,
  });
  const erp = new ErpService(sl, { contacts: { settleMs: options.settleMs ?? 400, lookupFirstMs: 20, lookupMaxMs: 80, maxPatches: options.maxPatches } });
  const exchanges: ErpExchange[] = [];
  erp.observe((e) => exchanges.push(e));
  return { erp, sl, exchanges, patches: () => exchanges.filter((e) => e.method === 'PATCH').length };
}

const contactsOf = (cardCode: string) => mock.data.BusinessPartners.find((bp) => bp.CardCode === cardCode)!.ContactEmployees;
const withEmail = (cardCode: string, email: string) => contactsOf(cardCode).filter((c) => c.E_Mail?.toLowerCase() === email.toLowerCase());

let n = 0;
/** A new person with an e-mail no contact has. */
function newPerson(domain = 'comerciallosandess.cl') {
  n++;
  return { firstName: 'Ana', lastName: `Prueba ${n}`, email: `ana.prueba${n}@${domain}`, phone: '987650000', position: 'Compradora', rut: '14.567.891-9' };
}

/** The global fetch, except that the n-th PATCH reaching `fault` is sent to the ERP and then answered as `fault` says. */
function faultyPatch(fault: 'answer-500' | 'reset', which = 1): FetchLike {
  let patches = 0;
  return async (url, init) => {
    const response = await fetch(url, init);
    if (init.method !== 'PATCH' || ++patches !== which) return response;
    await response.text();
    if (fault === 'reset') throw new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
    return new Response(JSON.stringify({ error: { code: -1, message: { lang: 'en-us', value: 'Internal error' } } }), { status: 500 });
  };
}

describe('contactPersons', () => {
  it("maps the customer's contact persons", async () => {
    const { erp } = harness();
    const people = await erp.contactPersons(PEOPLE_SHOWCASE_CARDCODE);
    expect(people).toEqual(demoPeopleOf(PEOPLE_SHOWCASE_CARDCODE).map((p) => ({
      code: p.internalCode, name: p.name, firstName: p.firstName, lastName: p.lastName, email: p.email, phone: p.phone, position: p.position,
      rut: compactRut(p.rut), active: true,
    })));
  });

  it('answers 404 in Spanish for a CardCode the ERP does not have', async () => {
    const { erp } = harness();
    await expect(erp.contactPersons('CNOEXISTE')).rejects.toMatchObject({ status: 404, code: 'ERP_NOT_FOUND', message: 'Cliente no encontrado en el ERP' });
  });
});

describe('addContactPerson', () => {
  it('adds a new contact with the next InternalCode, and links it (no PATCH) when the same e-mail is added again in any case', async () => {
    const h = harness();
    const person = newPerson();
    const added = await h.erp.addContactPerson(PEOPLE_SHOWCASE_CARDCODE, person);
    expect(added.linked).toBe(false);
    expect(added.contact).toEqual({
      code: expect.any(Number), name: `Ana Prueba ${n}`, firstName: 'Ana', lastName: `Prueba ${n}`, email: person.email, phone: '987650000',
      position: 'Compradora', rut: '14567891-9', active: true,
    });
    expect(added.contact.code).toBeGreaterThan(DEMO_PEOPLE.length);
    expect(h.patches()).toBe(1);

    const again = await h.erp.addContactPerson(PEOPLE_SHOWCASE_CARDCODE, { ...person, email: ` ${person.email.toUpperCase()} ` });
    expect(again).toEqual({ contact: added.contact, linked: true });
    expect(h.patches()).toBe(1);
    expect(withEmail(PEOPLE_SHOWCASE_CARDCODE, person.email)).toHaveLength(1);
  });

  it('links a demo contact by its e-mail, and makes an inactive one active again', async () => {
    const h = harness();
    const person = demoPeopleOf('C78456789')[1]!;
    mock.data.BusinessPartners.find((bp) => bp.CardCode === 'C78456789')!.ContactEmployees.find((c) => c.InternalCode === person.internalCode)!.Active = 'tNO';
    const linked = await h.erp.addContactPerson('C78456789', { firstName: 'Otro', lastName: 'Nombre', email: person.email });
    expect(linked.linked).toBe(true);
    expect(linked.contact).toMatchObject({ code: person.internalCode, name: person.name, active: true });
    expect(withEmail('C78456789', person.email)).toEqual([expect.objectContaining({ Active: 'tYES', Name: person.name })]);
  });

  it('gives a second person of the same name a Name of its own (B1 keeps Name unique per partner)', async () => {
    const h = harness();
    const a = await h.erp.addContactPerson('C76234567', { firstName: 'María', lastName: 'González Rojas', email: 'maria.gonzalez@textilespacificolt.cl' });
    const b = await h.erp.addContactPerson('C76234567', { firstName: 'María', lastName: 'González Rojas', email: 'mgonzalez@textilespacificolt.cl' });
    expect([a.contact.name, b.contact.name]).toEqual(['María González Rojas', 'María González Rojas (2)']);
    expect(b.contact.code).not.toBe(a.contact.code);
  });

  it('lost answer (the ERP added it and the connection was cut): looked up by e-mail, not added again', async () => {
    const h = harness();
    const person = newPerson();
    mock.setFaults({ loseAnswerRate: 1 });
    const added = await h.erp.addContactPerson(PEOPLE_SHOWCASE_CARDCODE, person);
    expect(added.linked).toBe(false);
    expect(h.patches()).toBe(1);
    expect(withEmail(PEOPLE_SHOWCASE_CARDCODE, person.email)).toEqual([expect.objectContaining({ InternalCode: added.contact.code })]);
  });

  it.each([['a 500 after the ERP committed', 'answer-500'], ['a reset after the ERP committed', 'reset']] as const)(
    '%s: looked up, not added again',
    async (_, fault) => {
      const h = harness({ fetch: faultyPatch(fault) });
      const person = newPerson();
      const added = await h.erp.addContactPerson(PEOPLE_SHOWCASE_CARDCODE, person);
      expect(h.patches()).toBe(1);
      expect(withEmail(PEOPLE_SHOWCASE_CARDCODE, person.email)).toEqual([expect.objectContaining({ InternalCode: added.contact.code })]);
    },
  );

  it('a timeout while B1 is still adding it: the look-ups find it once B1 commits, and no second PATCH leaves', async () => {
    const h = harness({ timeoutMs: 150, settleMs: 2_000 });
    const person = newPerson();
    mock.setFaults({ postDelayMs: 400 });
    const started = Date.now();
    const added = await h.erp.addContactPerson(PEOPLE_SHOWCASE_CARDCODE, person);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(h.patches()).toBe(1);
    expect(h.exchanges.find((e) => e.method === 'PATCH')).toMatchObject({ error: 'ERP_TIMEOUT' });
    expect(withEmail(PEOPLE_SHOWCASE_CARDCODE, person.email)).toEqual([expect.objectContaining({ InternalCode: added.contact.code })]);
  });

  it('B1 slower than the settle time: the PATCH sent again carries the same Name, so the late first one is refused, not doubled', async () => {
    const h = harness({ timeoutMs: 100, settleMs: 150 });
    const person = newPerson();
    // only the first PATCH is slow: the switch goes off when the client has given up on it
    mock.setFaults({ postDelayMs: 500 });
    h.erp.observe((e) => { if (e.method === 'PATCH') mock.setFaults({ postDelayMs: 0 }); });
    const added = await h.erp.addContactPerson(PEOPLE_SHOWCASE_CARDCODE, person);
    expect(h.patches()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 550)); // the first PATCH reaches its commit, and is refused
    expect(withEmail(PEOPLE_SHOWCASE_CARDCODE, person.email)).toEqual([expect.objectContaining({ InternalCode: added.contact.code })]);
  });

  it('the ERP down: a 503 with nothing added, and the next call adds it once', async () => {
    const h = harness({ timeoutMs: 500 });
    const person = newPerson();
    mock.setFaults({ refuse: true });
    const failed = await h.erp.addContactPerson(PEOPLE_SHOWCASE_CARDCODE, person).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ErpError);
    expect(failed).toMatchObject({ status: 503 });
    expect(h.patches()).toBe(0);
    mock.setFaults({ refuse: false });
    await h.erp.addContactPerson(PEOPLE_SHOWCASE_CARDCODE, person);
    expect(withEmail(PEOPLE_SHOWCASE_CARDCODE, person.email)).toHaveLength(1);
  });

  it('an outcome that stays unknown is a 503 (the ERP is not asked again blindly), and a later call finds the contact', async () => {
    const h = harness({ fetch: faultyPatch('answer-500'), settleMs: 50 });
    const person = newPerson();
    // the look-ups after the PATCH fail too: the outcome cannot be known now
    let reads = 0;
    h.erp.observe((e) => {
      if (e.method === 'PATCH') mock.setFaults({ errorRate: 1 });
      if (e.method === 'GET' && e.status === 500 && ++reads === 1) mock.setFaults({ errorRate: 0 });
    });
    await expect(h.erp.addContactPerson(PEOPLE_SHOWCASE_CARDCODE, person)).rejects.toMatchObject({ status: 503, code: 'ERP_UNAVAILABLE' });
    expect(h.patches()).toBe(1);
    const later = await h.erp.addContactPerson(PEOPLE_SHOWCASE_CARDCODE, person);
    expect(later.linked).toBe(true);
    expect(h.patches()).toBe(1);
    expect(withEmail(PEOPLE_SHOWCASE_CARDCODE, person.email)).toHaveLength(1);
  });

  it('two concurrent adds of one e-mail end in one contact (one PATCH); of two e-mails, in two', async () => {
    const h = harness();
    const person = newPerson();
    mock.setFaults({ latencyMs: 30 });
    const [a, b] = await Promise.all([
      h.erp.addContactPerson(PEOPLE_SHOWCASE_CARDCODE, person),
      h.erp.addContactPerson(PEOPLE_SHOWCASE_CARDCODE, { ...person, email: person.email.toUpperCase() }),
    ]);
    expect(a.contact.code).toBe(b.contact.code);
    expect([a.linked, b.linked].sort()).toEqual([false, true]);
    expect(h.patches()).toBe(1);
    expect(withEmail(PEOPLE_SHOWCASE_CARDCODE, person.email)).toHaveLength(1);

    const [c, d] = await Promise.all([h.erp.addContactPerson(PEOPLE_SHOWCASE_CARDCODE, newPerson()), h.erp.addContactPerson(PEOPLE_SHOWCASE_CARDCODE, newPerson())]);
    expect(c.contact.code).not.toBe(d.contact.code);
    expect(h.patches()).toBe(3);
  });

  it('concurrent adds under lost answers still end in one contact per e-mail', async () => {
    const h = harness();
    mock.setFaults({ loseAnswerRate: 0.5 });
    const people = [newPerson(), newPerson(), newPerson()];
    await Promise.all(people.flatMap((p) => [h.erp.addContactPerson(PEOPLE_SHOWCASE_CARDCODE, p), h.erp.addContactPerson(PEOPLE_SHOWCASE_CARDCODE, p)]));
    for (const p of people) expect(withEmail(PEOPLE_SHOWCASE_CARDCODE, p.email)).toHaveLength(1);
    expect(h.patches()).toBe(3);
  });

  it("passes on the ERP's refusal of a line (400, its text)", async () => {
    const h = harness();
    await expect(h.erp.addContactPerson(PEOPLE_SHOWCASE_CARDCODE, { ...newPerson(), position: 'P'.repeat(91) }))
      .rejects.toMatchObject({ status: 400, code: 'ERP_REJECTED', message: expect.stringContaining('Value too long') });
  });
});

describe('updateContactPerson and setContactPersonActive', () => {
  it('changes the fields given by InternalCode, the Name following the name, and keeps the rest', async () => {
    const h = harness();
    const { contact } = await h.erp.addContactPerson('C79012345', newPerson('grandestiendasdels.cl'));
    const changed = await h.erp.updateContactPerson('C79012345', contact.code, { lastName: 'Casada Pérez', position: 'Jefa de compras' });
    expect(changed).toEqual({ ...contact, lastName: 'Casada Pérez', name: 'Ana Casada Pérez', position: 'Jefa de compras' });
    expect(await h.erp.contactPersons('C79012345')).toContainEqual(changed);

    const off = await h.erp.setContactPersonActive('C79012345', contact.code, false);
    expect(off).toEqual({ ...changed, active: false });
    expect(contactsOf('C79012345').find((c) => c.InternalCode === contact.code)!.Active).toBe('tNO');
    expect((await h.erp.setContactPersonActive('C79012345', contact.code, true)).active).toBe(true);
  });

  it('a lost answer of a change is read back: applied is success', async () => {
    const h = harness();
    const code = demoPeopleOf('C76789012')[1]!.internalCode;
    mock.setFaults({ loseAnswerRate: 1 });
    const off = await h.erp.setContactPersonActive('C76789012', code, false);
    expect(off.active).toBe(false);
    mock.setFaults({ loseAnswerRate: 0 });
    await h.erp.setContactPersonActive('C76789012', code, true);
  });

  it("404 for a code that is not one of the customer's contacts; 409 for an e-mail another contact has", async () => {
    const h = harness();
    const foreign = demoPeopleOf(PEOPLE_SHOWCASE_CARDCODE)[0]!.internalCode;
    await expect(h.erp.setContactPersonActive('C79012345', foreign, false)).rejects.toMatchObject({ status: 404, message: 'Persona de contacto no encontrada en el ERP' });
    const [first, second] = demoPeopleOf(PEOPLE_SHOWCASE_CARDCODE);
    await expect(h.erp.updateContactPerson(PEOPLE_SHOWCASE_CARDCODE, second!.internalCode, { email: first!.email.toUpperCase() }))
      .rejects.toMatchObject({ status: 409, message: 'Otra persona de contacto de la empresa ya tiene ese correo en el ERP' });
    expect(h.patches()).toBe(0);
  });
});

describe('ContactPersonCode on a sales order', () => {
  it('is accepted for a contact of the customer and refused (-10, 400) for another customer\'s', async () => {
    const h = harness();
    const own = demoPeopleOf('C79012345')[1]!.internalCode;
    const doc = { CardCode: 'C79012345', DocDueDate: '20261201', NumAtCard: 'OC940001', DocumentLines: [{ ItemCode: 'POL-1001-M', Quantity: 1, UnitPrice: 1000, DiscountPercent: 0, U_PrecioLista: 1000, U_DescLinea: 0 }] };
    const created = await h.erp.postSalesOrder({ ...doc, ContactPersonCode: own });
    expect(mock.data.Orders.find((o) => o.DocEntry === (created as { docEntry: number }).docEntry)!.ContactPersonCode).toBe(own);
    await expect(h.erp.postSalesOrder({ ...doc, NumAtCard: 'OC940002', ContactPersonCode: DEMO_PEOPLE[0]!.internalCode }))
      .rejects.toMatchObject({ status: 400, code: 'ERP_REJECTED', erpCode: -10, message: 'Invalid contact person' });
  });
});
