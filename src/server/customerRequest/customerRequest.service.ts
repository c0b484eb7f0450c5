import { randomUUID } from 'node:crypto';
import type { MessageResponse } from '@shared/api/types';
import { fill } from '@shared/messages';
import { formatRut } from '@shared/rut';
import { CUSTOMER_REQUEST_LABELS, CUSTOMER_REQUEST_MSG, type CustomerRequestForm } from '@shared/schemas/customerRequest';
import type { Db } from '../db/connect';
import type { OutboxWorker } from '../jobs/outbox';
import type { Outbox } from '../jobs/outbox.repo';
import { enqueueMail } from '../mail/mailJob';
import { Sealer } from '../mail/sealedFields';
import type { NotificationsService } from '../notifications/notifications.service';

type Field = keyof typeof CUSTOMER_REQUEST_LABELS;

const RUTS: Field[] = ['rutCompany', 'rutLegalRepresentative', 'rutContactCompany'];
const CELLPHONES: Field[] = ['cellphone', 'cellphoneContactCompany'];

const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** What the recipient reads: every field of the form, ruts with dots, cellphones with +569. */
export function buildCustomerRequestMail(brand: string, form: CustomerRequestForm, secret: (value: string) => string) {
  const shown = (field: Field): string => {
    const value = form[field] ?? '';
    if (field === 'passwordTax') return secret(value);
    if (RUTS.includes(field)) return formatRut(value);
    if (CELLPHONES.includes(field)) return `+569 ${value}`;
    return oneLine(value);
  };
  const rows = (Object.keys(CUSTOMER_REQUEST_LABELS) as Field[]).map((f) => [CUSTOMER_REQUEST_LABELS[f], shown(f), f === 'passwordTax'] as const);
  const intro = `Se recibió una solicitud de creación de cliente desde el portal ${brand}.`;
  const subject = oneLine(`Solicitud de creación de cliente - ${form.companyName} (${formatRut(form.rutCompany)})`).slice(0, 300);
  const text = [intro, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', `-- ${brand}`].join('\n');
  const cell = 'padding:4px 8px;border:1px solid #ddd';
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    '<table style="border-collapse:collapse">',
    // the sealed placeholder is escaped for HTML when it is opened, so it is not escaped here
    ...rows.map(([k, v, sealed]) => `<tr><th style="${cell};text-align:left">${escapeHtml(k)}</th><td style="${cell}">${sealed ? v : escapeHtml(v)}</td></tr>`),
    '</table>',
    `<p>${escapeHtml(brand)}</p>`,
  ].join('\n');
  return { subject, text, html };
}

/**
 * The customer creation request (R-REQ-2, R-REQ-3), mailed through the outbox to the
 * CREATION_USER recipient. The tax password travels sealed (see mail/sealedFields.ts).
 */
export class CustomerRequestService {
  constructor(
    private readonly deps: {
      db: Db;
      outbox: Outbox;
      worker: OutboxWorker;
      notifications: NotificationsService;
      brandName: string;
      mailDomain: string;
      /** Seals the tax password: `sealingKey(JWT secret)`. */
      sealKey: Buffer;
    },
  ) {}

  async send(form: CustomerRequestForm): Promise<MessageResponse> {
    const { db, outbox, worker, notifications, brandName, mailDomain, sealKey } = this.deps;
    const recipient = await notifications.recipientOf('CREATION_USER');
    const sealer = new Sealer(sealKey);
    const mail = buildCustomerRequestMail(brandName, form, (v) => sealer.placeholder(v));
    const payload = { to: recipient.email, ...mail, sealed: sealer.sealed };
    const { created } = await enqueueMail(outbox, db, `mail:CREATION_USER:${randomUUID()}`, payload, mailDomain);
    if (created) worker.kick();
    return { message: fill(CUSTOMER_REQUEST_MSG.sent, { brand: brandName }) };
  }
}
