import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { MessageResponse } from '@shared/api/types';
import { fill } from '@shared/messages';
import { formatRut } from '@shared/rut';
import { CUSTOMER_REQUEST_LABELS, CUSTOMER_REQUEST_MSG, customerRequestSchema, type CustomerRequestForm } from '@shared/schemas/customerRequest';
import { HttpError } from '../errors';
import { enqueueMail } from '../mail/mailJob';
import type { MailContext } from '../mail/mail.routes';
import { Sealer } from '../mail/sealedFields';

/** Requests one address may send per window: enough for a real office, too few for a mail cannon. */
export const CUSTOMER_REQUEST_LIMIT = { max: 5, timeWindow: '1 hour' } as const;

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
 * The customer creation request (customer spec sections 4, 5, 7 and 8): anonymous, validated with the form's schema,
 * limited per address, mailed through the outbox to the CREATION_USER recipient. `senderTo` is ignored: a visitor
 * cannot choose where the mail goes. The tax password travels sealed (see sealedFields.ts).
 */
export default async function customerRequestRoutes(app: FastifyInstance, ctx: MailContext & { sealKey: Buffer }) {
  const { recipients, outbox, worker, db, brandName } = ctx;

  app.post<{ Body: CustomerRequestForm }>(
    '/api/user/sendmail',
    {
      schema: { body: customerRequestSchema },
      config: {
        access: 'public',
        rateLimit: {
          ...CUSTOMER_REQUEST_LIMIT,
          errorResponseBuilder: () => new HttpError(429, CUSTOMER_REQUEST_MSG.tooManyRequests),
        },
      },
    },
    async (request, reply) => {
      const recipient = await recipients.bySection('CREATION_USER');
      if (!recipient) throw ctx.noRecipient();
      const sealer = new Sealer(ctx.sealKey);
      const mail = buildCustomerRequestMail(brandName, request.body, (v) => sealer.placeholder(v));
      const payload = { to: recipient.email, ...mail, sealed: sealer.sealed };
      const { created } = await enqueueMail(outbox, db, `mail:CREATION_USER:${randomUUID()}`, payload, ctx.mailDomain);
      if (created) worker.kick();
      const answer: MessageResponse = { message: fill(CUSTOMER_REQUEST_MSG.sent, { brand: brandName }) };
      return reply.code(202).send(answer);
    },
  );
}
