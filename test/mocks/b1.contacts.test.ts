// The Service Layer stand-in's contact persons: BusinessPartners.ContactEmployees through GET and PATCH, B1's unique
// Name and one InternalCode counter, ContactPersonCode on Orders and Drafts, the faults of a contact PATCH, the demo people.
import { startB1Mock, type B1Mock } from '@mocks/b1/server';
import { callB1, expectB1Error, loginB1, salesOrder } from './b1Client';
import { DEMO_ACCOUNTS } from '@mocks/demo/accounts';
import { DEMO_PEOPLE, PEOPLE_SHOWCASE_CARDCODE, demoPeopleOf } from '@mocks/demo/people';
import { compactRut, isValidRut } from '@shared/rut';

let mock: B1Mock;
let cookie: string;

const call = (path: string, init: RequestInit & { json?: unknown } = {}, m: B1Mock = mock, c: string = cookie) => callB1(m, c, path, init);

type Contact = Record<string, unknown> & { InternalCode: number; Name: string };

async function contacts(cardCode: string, m: B1Mock = mock, c: string = cookie): Promise<Contact[]> {
  const res = await call(`BusinessPartners('${cardCode}')?$select=ContactEmployees`, {}, m, c);
  expect(res.status).toBe(200);
  const body = await res.json() as { ContactEmployees: Contact[] };
  return body.ContactEmployees;
}

const patchContacts = (cardCode: string, lines: unknown[], init: RequestInit = {}, m: B1Mock = mock, c: string = cookie) =>
  call(`BusinessPartners('${cardCode}')`, { ...init, method: 'PATCH', json: { ContactEmployees: lines } }, m, c);

const expectError = expectB1Error;

const order = salesOrder;

beforeAll(async () => {
  mock = await startB1Mock();
  cookie = await loginB1(mock);
});
afterAll(async () => { await mock.close(); });

describe('demo people', () => {
  it('gives every demo company 2 to 4 people with valid personal ruts, e-mails at its domain and one counter of codes', () => {
    const companies = DEMO_ACCOUNTS.filter((a) => a.erp);
    for (const account of companies) {
      const people = demoPeopleOf(account.erp!.cardCode);
      expect(people.length).toBeGreaterThanOrEqual(2);
      expect(people.length).toBeLessThanOrEqual(account.erp!.cardCode === PEOPLE_SHOWCASE_CARDCODE ? 4 : 3);
      expect(people.filter((p) => p.role === 'Administrador')).toHaveLength(1);
      for (const p of people) {
        expect(p.email.split('@')[1]).toBe(account.email.split('@')[1]);
        expect(p.companyRut).toBe(account.rut);
      }
    }
    for (const p of DEMO_PEOPLE) expect(isValidRut(p.rut)).toBe(true);
    expect(new Set(DEMO_PEOPLE.map((p) => p.rut)).size).toBe(DEMO_PEOPLE.length);
    expect(new Set(DEMO_PEOPLE.map((p) => p.email)).size).toBe(DEMO_PEOPLE.length);
    // no person shares a rut with a company or an admin login
    const logins = new Set(DEMO_ACCOUNTS.map((a) => compactRut(a.rut)));
    for (const p of DEMO_PEOPLE) expect(logins.has(compactRut(p.rut))).toBe(false);
    expect(DEMO_PEOPLE.map((p) => p.internalCode)).toEqual(DEMO_PEOPLE.map((_, i) => i + 1));
  });

  it('gives the showcase company one person of each role, the Comprador with a low monthly limit', () => {
    const people = demoPeopleOf(PEOPLE_SHOWCASE_CARDCODE);
    expect(people.map((p) => p.role).sort()).toEqual(['Administrador', 'Aprobador', 'Comprador', 'Finanzas']);
    const buyer = people.find((p) => p.role === 'Comprador')!;
    expect(buyer.monthlyLimit).toBeGreaterThan(0);
    expect(buyer.monthlyLimit).toBeLessThanOrEqual(500_000);
    expect(people.filter((p) => p.role !== 'Comprador').every((p) => p.monthlyLimit === null)).toBe(true);
  });

  it('are the contact persons of the business partners, read with GET and $select', async () => {
    const got = await contacts(PEOPLE_SHOWCASE_CARDCODE);
    expect(got).toEqual(demoPeopleOf(PEOPLE_SHOWCASE_CARDCODE).map((p) => ({
      InternalCode: p.internalCode, CardCode: p.cardCode, Name: p.name, FirstName: p.firstName, MiddleName: null, LastName: p.lastName,
      Position: p.position, E_Mail: p.email, MobilePhone: p.phone, Phone1: null, Active: 'tYES', U_RutPersona: compactRut(p.rut),
    })));
    expect(got[0]!.U_RutPersona).toMatch(/^\d{7,8}-[\dK]$/);
    // the whole partner carries them too
    const whole = await (await call(`BusinessPartners('${PEOPLE_SHOWCASE_CARDCODE}')`)).json() as { ContactEmployees: Contact[] };
    expect(whole.ContactEmployees).toHaveLength(4);
  });
});

describe('PATCH BusinessPartners with ContactEmployees', () => {
  const CARD = 'C77345678';

  it('adds a line without InternalCode with the next code of the database, updates a line by its code, keeps the rest (204)', async () => {
    const before = await contacts(CARD);
    const highest = Math.max(...DEMO_PEOPLE.map((p) => p.internalCode));
    const added = await patchContacts(CARD, [
      { Name: 'Rosa Cárdenas Uribe', FirstName: 'Rosa', LastName: 'Cárdenas Uribe', E_Mail: 'rosa.cardenas@boutiqueaustralspa.cl', U_RutPersona: '14567891-9' },
    ]);
    expect(added.status).toBe(204);
    expect(await added.text()).toBe('');
    const after = await contacts(CARD);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after[before.length]).toEqual({
      InternalCode: highest + 1, CardCode: CARD, Name: 'Rosa Cárdenas Uribe', FirstName: 'Rosa', MiddleName: null, LastName: 'Cárdenas Uribe',
      Position: null, E_Mail: 'rosa.cardenas@boutiqueaustralspa.cl', MobilePhone: null, Phone1: null, Active: 'tYES', U_RutPersona: '14567891-9',
    });

    // update by InternalCode: only the fields sent change; the other lines stay as they were
    const first = before[0]!;
    expect((await patchContacts(CARD, [{ InternalCode: first.InternalCode, Position: 'Socia', Active: 'tNO' }])).status).toBe(204);
    const updated = await contacts(CARD);
    expect(updated[0]).toEqual({ ...first, Position: 'Socia', Active: 'tNO' });
    expect(updated.slice(1)).toEqual(after.slice(1));

    // another partner's next contact continues the same counter
    expect((await patchContacts('C76789012', [{ Name: 'Otro Contacto' }])).status).toBe(204);
    expect((await contacts('C76789012')).at(-1)!.InternalCode).toBe(highest + 2);
  });

  it('refuses a Name already used by a contact of the same partner (any case), changing nothing and using no code', async () => {
    const before = await contacts(CARD);
    const taken = before[1]!.Name;
    await expectError(await patchContacts(CARD, [{ Name: taken.toUpperCase(), E_Mail: 'otra@x.cl' }]), 400, -10,
      `[ContactEmployees.Name][line: 1] , 'Contact person name '${taken.toUpperCase()}' already exists for business partner '${CARD}''`);
    // two new lines with one Name in one request: the second is blamed; the first is not added either
    await expectError(await patchContacts(CARD, [{ Name: 'Ana Pérez' }, { Name: 'ana pérez' }]), 400, -10, /\[ContactEmployees\.Name\]\[line: 2\]/);
    // renaming a contact to another's Name
    await expectError(await patchContacts(CARD, [{ InternalCode: before[0]!.InternalCode, Name: taken }]), 400, -10, /already exists/);
    expect(await contacts(CARD)).toEqual(before);
    // the same Name at another partner is fine, and the refused requests used no InternalCode
    const highest = Math.max(...mock.data.BusinessPartners.flatMap((bp) => bp.ContactEmployees.map((c) => c.InternalCode)));
    expect((await patchContacts('C78456789', [{ Name: taken }])).status).toBe(204);
    expect((await contacts('C78456789')).at(-1)!.InternalCode).toBe(highest + 1);
  });

  it('refuses lines that break B1 rules: no Name, unknown code, another partner, unknown property, bad Active, too long', async () => {
    const before = await contacts(CARD);
    await expectError(await patchContacts(CARD, [{ FirstName: 'Sin Nombre' }]), 400, -10, "[ContactEmployees.Name][line: 1] , 'Enter a contact person name'");
    await expectError(await patchContacts(CARD, [{ InternalCode: 99999, Position: 'x' }]), 400, -10, /Contact person 99999 does not exist/);
    await expectError(await patchContacts(CARD, [{ InternalCode: DEMO_PEOPLE[0]!.internalCode, Position: 'x' }]), 400, -10, /does not exist/);
    await expectError(await patchContacts(CARD, [{ Name: 'Nuevo', CardCode: 'C76123456' }]), 400, -10, /belongs to business partner/);
    await expectError(await patchContacts(CARD, [{ Name: 'Nuevo', Email: 'x@x.cl' }]), 400, -1000, "Property 'Email' of 'ContactEmployee' is invalid");
    await expectError(await patchContacts(CARD, [{ Name: 'Nuevo', Active: 'Y' }]), 400, -1000, /Active/);
    await expectError(await patchContacts(CARD, [{ Name: 'N'.repeat(51) }]), 400, -10, /\[ContactEmployees\.Name\]\[line: 1\] , 'Value too long/);
    // a refused contact line writes nothing else of the request either
    const res = await call(`BusinessPartners('${CARD}')`, { method: 'PATCH', json: { Phone1: '600000000', ContactEmployees: [{ FirstName: 'x' }] } });
    expect(res.status).toBe(400);
    expect(mock.data.BusinessPartners.find((bp) => bp.CardCode === CARD)!.Phone1).not.toBe('600000000');
    expect(await contacts(CARD)).toEqual(before);
  });

  it('with B1S-ReplaceCollectionsOnPatch keeps only the lines sent; a removed code is never given again', async () => {
    const card = 'C77890123';
    const before = await contacts(card);
    const res = await patchContacts(card, [{ InternalCode: before[0]!.InternalCode }, { Name: 'Reemplazo Uno' }], { headers: { 'B1S-ReplaceCollectionsOnPatch': 'true' } });
    expect(res.status).toBe(204);
    const after = await contacts(card);
    expect(after.map((c) => c.Name)).toEqual([before[0]!.Name, 'Reemplazo Uno']);
    const highest = Math.max(...mock.data.BusinessPartners.flatMap((bp) => bp.ContactEmployees.map((c) => c.InternalCode)));
    expect(after[1]!.InternalCode).toBe(highest);
    // the removed line's code (and the highest one) is not reused
    expect((await patchContacts(card, [{ Name: before[1]!.Name }])).status).toBe(204);
    expect((await contacts(card)).at(-1)!.InternalCode).toBe(highest + 1);
  });

  it('POST BusinessPartners takes ContactEmployees too', async () => {
    const res = await call('BusinessPartners', { method: 'POST', json: {
      CardCode: 'C70000001', CardName: 'Nueva SpA', FederalTaxID: '70000001-0', ContactEmployees: [{ Name: 'Primera Persona' }],
    } });
    expect(res.status).toBe(201);
    const body = await res.json() as { ContactEmployees: Contact[] };
    expect(body.ContactEmployees).toEqual([expect.objectContaining({ Name: 'Primera Persona', CardCode: 'C70000001', Active: 'tYES' })]);
    expect(body.ContactEmployees[0]!.InternalCode).toBeGreaterThan(DEMO_PEOPLE.length);
  });
});

describe('ContactPersonCode on documents', () => {
  it("keeps a contact of the partner on the Order and returns it on GET; null when none is sent", async () => {
    const person = demoPeopleOf('C79012345')[1]!;
    const res = await call('Orders', { method: 'POST', json: order('C79012345', { NumAtCard: 'OC930001', ContactPersonCode: person.internalCode }) });
    expect(res.status).toBe(201);
    const created = await res.json() as { DocEntry: number; ContactPersonCode: number };
    expect(created.ContactPersonCode).toBe(person.internalCode);
    const read = await (await call(`Orders(${created.DocEntry})?$select=DocEntry,ContactPersonCode`)).json();
    expect(read).toMatchObject({ DocEntry: created.DocEntry, ContactPersonCode: person.internalCode });
    const without = await (await call('Orders', { method: 'POST', json: order('C79012345', { NumAtCard: 'OC930002' }) })).json();
    expect(without.ContactPersonCode).toBeNull();
    // an invoice copied from the order keeps who ordered
    expect(mock.invoiceOrder(created.DocEntry).ContactPersonCode).toBe(person.internalCode);
  });

  it('refuses with -10 "Invalid contact person" a code of another partner or of no one, creating nothing', async () => {
    const foreign = demoPeopleOf('C76123456')[0]!.internalCode;
    const orders = mock.data.Orders.length;
    await expectError(await call('Orders', { method: 'POST', json: order('C79012345', { NumAtCard: 'OC930003', ContactPersonCode: foreign }) }), 400, -10, /^Invalid contact person$/);
    await expectError(await call('Orders', { method: 'POST', json: order('C79012345', { NumAtCard: 'OC930004', ContactPersonCode: 987654 }) }), 400, -10, /^Invalid contact person$/);
    await expectError(await call('Orders', { method: 'POST', json: order('C79012345', { ContactPersonCode: 'uno' }) }), 400, -1000);
    expect(mock.data.Orders.length).toBe(orders);
    // a PATCH of the order is checked the same way
    const entry = mock.data.Orders.at(-1)!.DocEntry;
    await expectError(await call(`Orders(${entry})`, { method: 'PATCH', json: { ContactPersonCode: foreign } }), 400, -10, /^Invalid contact person$/);
  });

  it('keeps it on the Draft an approval procedure makes, and on the Order the approved Draft becomes', async () => {
    const card = 'C76345678';
    const person = demoPeopleOf(card).find((p) => p.role === 'Comprador')!;
    const res = await call('Orders', { method: 'POST', json: order(card, { NumAtCard: 'OC930005', ContactPersonCode: person.internalCode }) });
    expect(res.status).toBe(404);
    const draft = mock.data.Drafts.find((d) => d.NumAtCard === 'OC930005')!;
    expect(draft.ContactPersonCode).toBe(person.internalCode);
    const outcome = mock.approveDraft(draft.DocEntry);
    expect(outcome.order!.ContactPersonCode).toBe(person.internalCode);
    await expectError(await call('Orders', { method: 'POST', json: order(card, { NumAtCard: 'OC930006', ContactPersonCode: DEMO_PEOPLE[0]!.internalCode }) }), 400, -10, /^Invalid contact person$/);
    expect(mock.data.Drafts.some((d) => d.NumAtCard === 'OC930006')).toBe(false);
  });
});

describe('faults of a contact PATCH', () => {
  let slow: B1Mock;
  let c: string;
  const CARD = 'C76234567';

  beforeAll(async () => {
    slow = await startB1Mock();
    c = await loginB1(slow);
  });
  afterEach(() => { slow.setFaults({ postDelayMs: 0, loseAnswerRate: 0 }); });
  afterAll(async () => { await slow.close(); });

  it('a lost answer: the contact WAS added, the client never heard', async () => {
    slow.setFaults({ loseAnswerRate: 1 });
    await expect(patchContacts(CARD, [{ Name: 'Perdida Respuesta', E_Mail: 'perdida@textilespacificolt.cl' }], {}, slow, c)).rejects.toThrow('fetch failed');
    const got = await contacts(CARD, slow, c);
    expect(got.filter((x) => x.E_Mail === 'perdida@textilespacificolt.cl')).toHaveLength(1);
    // a refused PATCH keeps its answer; a PATCH without contacts (an address) is not a create and keeps its answer
    await expectError(await patchContacts(CARD, [{ Name: 'Perdida Respuesta' }], {}, slow, c), 400, -10, /already exists/);
    expect((await call(`BusinessPartners('${CARD}')`, { method: 'PATCH', json: { Phone1: '322214456' } }, slow, c)).status).toBe(204);
  });

  it('a slow PATCH commits after the delay even when the client gave up, and not before', async () => {
    slow.setFaults({ postDelayMs: 300 });
    const started = Date.now();
    await expect(patchContacts(CARD, [{ Name: 'Lenta Persona' }], { signal: AbortSignal.timeout(80) }, slow, c)).rejects.toMatchObject({ name: 'TimeoutError' });
    expect((await contacts(CARD, slow, c)).some((x) => x.Name === 'Lenta Persona')).toBe(false);
    await new Promise((r) => setTimeout(r, 360 - (Date.now() - started)));
    expect((await contacts(CARD, slow, c)).filter((x) => x.Name === 'Lenta Persona')).toHaveLength(1);
  });

  it('a second PATCH of the same Name while the first is still in B1 is refused when it commits', async () => {
    slow.setFaults({ postDelayMs: 150 });
    const [a, b] = await Promise.all([
      patchContacts(CARD, [{ Name: 'Doble Envío' }], {}, slow, c),
      patchContacts(CARD, [{ Name: 'Doble Envío' }], {}, slow, c),
    ]);
    expect([a.status, b.status].sort()).toEqual([204, 400]);
    expect((await contacts(CARD, slow, c)).filter((x) => x.Name === 'Doble Envío')).toHaveLength(1);
  });
});
