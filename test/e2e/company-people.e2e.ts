import type { Browser } from 'playwright-core';
import { decodedBody, header } from '../server/mail-fixtures';
import { seriousFindings, settle } from './a11y';
import { launch, newPage } from './browser';
import { erpGet } from './erp';
import { eventually, login, outboxMails } from './journeys';

// 'Mi empresa: Personas' end to end (docs/company-people.md): the company's Administrador adds a person, the person
// opens the set-your-password link of the mail, chooses a password and logs in with the personal rut. Only this
// company: the other accounts belong to other journeys.
const COMPANY_RUT = '77.890.123-4';
const CARD_CODE = 'C77890123';
const PERSON = { firstName: 'Nora', lastName: 'Salinas Pino', email: 'nora.salinas@e2e.example', rut: '20.100.001-7', limit: '250000' };
const NEW_PASSWORD = 'Clave2026';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** The set-your-password link of the mail to `email` (written by the outbox worker a moment after the add). */
async function linkInMailTo(email: string): Promise<string> {
  let link = '';
  await eventually(
    async () => {
      const mail = outboxMails().find((m) => header(m.text, 'To') === email);
      link = mail ? (/https?:\/\/\S+\/set-password\?token=[\w-]+/.exec(decodedBody(mail.text))?.[0] ?? '') : '';
      return link !== '';
    },
    true,
    15_000,
  );
  return link;
}

describe('the company people', () => {
  it('the administrator adds a person, who sets a password through the mailed link and logs in with the personal rut (375 px)', async () => {
    const admin = await newPage(browser, { width: 375, height: 800 });
    await login(admin.page, COMPANY_RUT);
    await admin.page.getByRole('button', { name: 'Abrir menú' }).click();
    await admin.page.getByRole('link', { name: 'Mi empresa: Personas' }).click();
    await admin.page.getByRole('heading', { level: 1, name: 'Personas de la empresa' }).waitFor();
    await admin.page.getByText('cuenta de la empresa', { exact: false }).first().waitFor();
    await settle(admin.page);
    expect(await seriousFindings(admin.page)).toEqual([]);

    await admin.page.getByRole('button', { name: 'Agregar persona' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Agregar persona' });
    await settle(admin.page);
    expect(await seriousFindings(admin.page)).toEqual([]);
    await dialog.getByLabel('Nombre', { exact: true }).fill(PERSON.firstName);
    await dialog.getByLabel('Apellidos').fill(PERSON.lastName);
    await dialog.getByLabel('Correo').fill(PERSON.email);
    await dialog.getByRole('textbox', { name: 'Rut personal' }).fill(PERSON.rut);
    await dialog.getByRole('combobox', { name: 'Rol en la empresa' }).click();
    await admin.page.getByRole('option', { name: 'Comprador' }).click();
    await dialog.getByLabel(/Límite mensual/).fill(PERSON.limit);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await admin.page.getByText('Persona agregada. Le enviamos un correo para que cree su contraseña.').waitFor();
    await admin.page.getByText('Nora Salinas Pino').first().waitFor();

    // the ERP got the contact person, once
    const partner = await erpGet<{ ContactEmployees: { E_Mail?: string; FirstName?: string }[] }>(`BusinessPartners('${CARD_CODE}')?$select=ContactEmployees`);
    expect(partner.ContactEmployees.filter((c) => c.E_Mail === PERSON.email).map((c) => c.FirstName)).toEqual([PERSON.firstName]);
    await admin.context.close();

    const link = await linkInMailTo(PERSON.email);
    const person = await newPage(browser, { width: 375, height: 800 });
    await person.page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await person.page.getByRole('heading', { name: 'Crea tu contraseña' }).waitFor();
    await settle(person.page);
    expect(await seriousFindings(person.page)).toEqual([]);
    await person.page.getByLabel('Nueva contraseña').fill(NEW_PASSWORD);
    await person.page.getByLabel('Confirmar contraseña').fill(NEW_PASSWORD);
    await person.page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await person.page.waitForURL((url) => url.pathname === '/login');

    await login(person.page, PERSON.rut, NEW_PASSWORD);
    // a Comprador does not manage the company's people
    await person.page.getByRole('button', { name: 'Abrir menú' }).click();
    await person.page.getByRole('link', { name: 'Mis pedidos' }).waitFor();
    expect(await person.page.getByRole('link', { name: 'Mi empresa: Personas' }).count()).toBe(0);

    // the link was single use
    await person.page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await person.page.getByLabel('Nueva contraseña').fill('Otra12345');
    await person.page.getByLabel('Confirmar contraseña').fill('Otra12345');
    await person.page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await person.page.getByText('Este enlace ya fue usado', { exact: false }).waitFor();
    await person.context.close();
  });
});
