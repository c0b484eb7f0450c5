import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '@server/db/connect';
import { notificationRecipients, orderLines, orders, users, type OrderRow } from '@server/db/schema';
import { orderNumber, type NotificationSection, type OrderType, type PaymentMethod } from '@shared/orders';

// Orders and recipients written straight into the tables, for the mail and cheque tests (the orders API is another
// area's work): two lines of the demo catalogue priced as the server prices them.

export const BUYER = { rut: '76123456-0', password: 'Demo1234', cardCode: 'C76123456', name: 'Comercial Los Andes SpA' };
export const CHEQUE_BUYER = { rut: '76234567-6', password: 'Demo1234', cardCode: 'C76234567', name: 'Textiles Pacífico Ltda.' };

export async function insertOrder(
  db: Db,
  opts: { userId: number; cardCode: string; orderType?: OrderType; paymentMethod?: PaymentMethod | null; state?: OrderRow['orderState'] },
): Promise<OrderRow> {
  const orderType = opts.orderType ?? 'ONLINE';
  // the order is the company's its person acts for
  const [owner] = await db.select({ companyRut: users.companyRut }).from(users).where(eq(users.id, opts.userId));
  const [row] = await db
    .insert(orders)
    .values({
      orderType,
      orderState: opts.state ?? 'PROCESS',
      userId: opts.userId,
      companyRut: owner?.companyRut ?? '',
      cardCode: opts.cardCode,
      paymentMethod: orderType === 'RESERVE' ? null : (opts.paymentMethod ?? 'KHIPU'),
      deliveryType: 'entrega',
      deliveryAddress: 'DESPACHO1',
      deliveryAddressText: 'Av. Providencia 1234',
      deliveryCommune: 'Providencia',
      deliveryTransport: '0001',
      invoiceAddress: 'FACTURA1',
      loyaltyPct: 6,
      // POL-1001-M 10 990 × 3 (no offer) and PAN-2001-42 29 990 × 2 (10 % offer), loyalty 6 %
      net: 92_950,
      offerDiscount: 5_998,
      loyaltyDiscount: 5_215,
      subtotal: 81_737,
      vat: 15_530,
      total: 97_267,
    })
    .returning();
  const number = orderNumber(orderType, row!.id);
  const [numbered] = await db.update(orders).set({ purchaseOrderNumber: number }).where(eq(orders.id, row!.id)).returning();
  await db.insert(orderLines).values([
    { orderId: row!.id, sku: 'POL-1001-M', name: 'Polera Básica', size: 'M', quantity: 3, price: 10_990, offerPct: 0, loyaltyPct: 6, priceOffer: 10_990, priceFinalUnit: 10_331, priceFinal: 30_993, descLinea: 6 },
    { orderId: row!.id, sku: 'PAN-2001-42', name: 'Jeans Slim Fit Elasticado', size: '42', quantity: 2, price: 29_990, offerPct: 10, loyaltyPct: 6, priceOffer: 26_991, priceFinalUnit: 25_372, priceFinal: 50_744, descLinea: 15.4 },
  ]);
  return numbered!;
}

export const RECIPIENTS: Record<NotificationSection, { name: string; lastName: string; email: string; section: NotificationSection }> = {
  CREATION_USER: { name: 'Camila', lastName: 'Rojas', email: 'clientes@portal.example', section: 'CREATION_USER' },
  RESERVE: { name: 'Javiera', lastName: 'Muñoz', email: 'reservas@portal.example', section: 'RESERVE' },
  CHEQUE: { name: 'Matías', lastName: 'González', email: 'cobranza@portal.example', section: 'CHEQUE' },
  ACCOUNT_CLAIM: { name: 'Daniela', lastName: 'Soto', email: 'reclamos@portal.example', section: 'ACCOUNT_CLAIM' },
};

export async function setRecipients(db: Db, sections: NotificationSection[]): Promise<void> {
  await db.delete(notificationRecipients);
  if (sections.length) await db.insert(notificationRecipients).values(sections.map((s) => RECIPIENTS[s]));
}

/** The .eml files of a file outbox, by name. */
export function emlFiles(dir: string): { name: string; text: string }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((name) => ({ name, text: readFileSync(path.join(dir, name), 'utf8') }));
}

/**
 * The decoded text parts of an .eml (quoted-printable or base64, UTF-8), joined: enough to read what a person sees.
 */
export function decodedBody(eml: string): string {
  const out: string[] = [];
  const parts = eml.split(/\n--[^\n]+\n/);
  for (const part of parts) {
    const split = part.indexOf('\n\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    const body = part.slice(split + 2);
    if (!/Content-Type: text\/(plain|html)/i.test(head)) continue;
    if (/Content-Transfer-Encoding: base64/i.test(head)) out.push(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
    else if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) {
      const joined = body.replace(/=\r?\n/g, '');
      out.push(Buffer.from(joined.replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'));
    } else out.push(body);
  }
  return out.join('\n');
}

/** A header of an .eml, unfolded, with RFC 2047 encoded words decoded. */
export function header(eml: string, name: string): string | undefined {
  const head = eml.slice(0, eml.indexOf('\n\n')).replace(/\n[ \t]+/g, ' ');
  const line = head.split('\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  if (!line) return undefined;
  return line
    .slice(name.length + 1)
    .trim()
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );
}

/** The base64 attachment of an .eml with that file name, decoded. */
export function attachment(eml: string, filename: string): Buffer | undefined {
  const parts = eml.split(/\n--[^\n]+\n/);
  for (const part of parts) {
    const split = part.indexOf('\n\n');
    const head = part.slice(0, split).replace(/\n[ \t]+/g, ' ');
    if (split < 0 || !/Content-Disposition: attachment/i.test(head) || !head.includes(filename)) continue;
    return Buffer.from(part.slice(split + 2).replace(/\s+/g, ''), 'base64');
  }
  return undefined;
}

/** A valid customer creation request ('Solicitud de creación de cliente'). */
export const CUSTOMER_REQUEST = {
  companyName: 'Confecciones del Sur Ltda.',
  rutCompany: '76.543.210-3',
  addressCompany: 'Av. Alemania 455',
  region: 'La Araucanía',
  city: 'Temuco',
  commune: 'Temuco',
  telephone: '452123456',
  cellphone: '81234567',
  giro: 'Venta al por mayor de vestuario',
  legalRepresentative: 'Rosa Huenchullán',
  rutLegalRepresentative: '12.345.678-5',
  emailRepresentative: 'rosa@confsur.cl',
  nameContactCompany: 'Pedro Lagos',
  rutContactCompany: '9.876.543-3',
  cargoContactCompany: 'Jefe de compras',
  telephoneContactCompany: '452987654',
  cellphoneContactCompany: '87654321',
  emailContactCompany: 'compras@confsur.cl',
  codeTax: '123456',
  passwordTax: 'Sii-Clave-2024',
  section: 'CREATION_USER',
};
