import type { Browser, Page } from 'playwright-core';
import { launch, newPage } from './browser';
import { addFromDetail, cartBadge, emptyCart, expectText, login, loginRep, portalOrders } from './journeys';

// A sales rep writes a customer's order in the browser (docs/sales-reps.md), at 1280 and 375 px: Carolina Ibáñez
// (13.579.246-2, sales employee 1 of the ERP) finds Comercial Los Andes in 'Mis clientes', represents it, fills the size
// grid, orders on the customer's credit line; the ERP's sales order is the customer's (CardCode C76123456) and names
// the rep (SalesPersonCode 1); the order shows in 'Mis pedidos del vendedor' and, 'Tomado por' her, in the customer's
// own 'Mis pedidos'.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const ANDES = 'Comercial Los Andes SpA';

async function represent(page: Page) {
  await loginRep(page, '13.579.246-2');
  await page.getByRole('searchbox', { name: 'Buscar cliente' }).fill('76.123.456');
  await page.waitForFunction(() => document.querySelectorAll('button[aria-label^="Representar a "]').length === 1);
  await page.getByRole('button', { name: `Representar a ${ANDES}` }).click();
  await page.getByRole('region', { name: 'Cliente atendido' }).getByText(`Atendiendo a ${ANDES} (76.123.456-0)`).waitFor();
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 800 },
]) {
  describe(`a rep's order at ${viewport.width} px`, () => {
    it("is the customer's on its credit line, names the rep in the ERP and in both order lists", async () => {
      const earlier = new Set((await portalOrders('C76123456', 'OC')).map((o) => o.DocEntry));
      const { context, page } = await newPage(browser, viewport);
      await represent(page);
      await emptyCart(page); // the rep's cart for this customer, maybe left by another journey
      await addFromDetail(page, 'POL-1001', { M: 2, L: 1 });
      await page.goto('/user/cart-detail');
      await page.getByRole('button', { name: 'Continuar la compra' }).click();
      await page.waitForURL('**/user/sumary-order');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.getByRole('radio', { name: 'Retiro en tienda' }).check();
      await page.getByRole('radio', { name: 'Línea de crédito' }).check();
      await page.getByRole('button', { name: 'Ir a Pagar' }).click();
      await page.getByText('Gracias por Comprar!!').first().waitFor();
      await expectText(cartBadge(page), '0');

      // the ERP's document: the customer's, written by the rep
      let sale: { NumAtCard: string | null; SalesPersonCode?: number; CardCode: string } | undefined;
      for (let i = 0; i < 50 && !sale; i++) {
        sale = (await portalOrders('C76123456', 'OC')).find((o) => !earlier.has(o.DocEntry));
        if (!sale) await page.waitForTimeout(200);
      }
      expect(sale).toMatchObject({ CardCode: 'C76123456', SalesPersonCode: 1 });

      // 'Mis pedidos del vendedor' lists it
      await page.goto('/rep/orders');
      await page.getByRole('heading', { name: 'Mis pedidos del vendedor' }).waitFor();
      await page.getByText(sale!.NumAtCard!).first().waitFor();
      await context.close();

      // the customer's own login sees it, taken by the rep
      const customer = await newPage(browser, viewport);
      await login(customer.page, '76.123.456-0');
      await customer.page.goto(`/user/orders/${sale!.NumAtCard}`);
      await customer.page.getByText('Tomado por').first().waitFor();
      await customer.page.getByText('Carolina Ibáñez Rojas').first().waitFor();
      await customer.context.close();
    });
  });
}
