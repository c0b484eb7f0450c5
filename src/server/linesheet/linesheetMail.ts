// A line sheet sent to a customer by mail (docs/linesheet.md): an admin for any customer of the ERP, a sales rep for a
// customer in their scope (docs/sales-reps.md). The sheet is the customer's own (their loyalty discount, the offers, as
// their cart charges them), built like the buyer's download, kept in the private file store and attached by the
// outbox's mail job, which sends it with retries. The mail and the Idempotency-Key's answer are written in one
// transaction: a repeated request answers the first one's result, one mail.
import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { LinesheetSent } from '@shared/api/linesheet';
import { fill } from '@shared/messages';
import { formatRut } from '@shared/rut';
import { LINESHEET_SEND_MSG, type LinesheetSendRequest } from '@shared/schemas/linesheet';
import { isRepRole } from '@shared/roles';
import type { Db } from '../db/connect';
import { ErpError } from '../erp/errors';
import { HttpError } from '../errors';
import type { AnswerRecorder } from '../http/idempotency';
import type { OutboxWorker } from '../jobs/outbox';
import type { Outbox } from '../jobs/outbox.repo';
import { mailboxesOf } from '../mail/buyerMailJob';
import { enqueueMail } from '../mail/mailJob';
import { escapeHtml } from '../mail/orderMail';
import type { SessionUser } from '../plugins/auth';
import type { CustomerDirectory } from '../profile/customers.service';
import type { PrivateFileStore } from '../storage/privateFiles';
import type { LinesheetSender } from './linesheet.routes';
import { linesheetFileName, sheetDate, type Linesheet } from './linesheet.service';
import { PDF_TYPE } from './linesheetPdf';
import { XLSX_TYPE } from './linesheetXlsx';

/** The private store's folder of the sheets sent by mail. */
export const SENT_SHEETS_FOLDER = 'listas-de-precios';

export interface LinesheetMailDeps {
  db: Db;
  sender: LinesheetSender;
  customers: CustomerDirectory;
  /** May this rep act for the customer with this CardCode (the representation's own scope rule). */
  inRepScope: (user: SessionUser, cardCode: string) => Promise<boolean>;
  privateFiles: PrivateFileStore;
  outbox: Outbox;
  worker: Pick<OutboxWorker, 'kick'>;
  brandName: string;
  mailDomain: string;
  publicUrl: string;
}

export class LinesheetMailer {
  constructor(private readonly deps: LinesheetMailDeps) {}

  async send(user: SessionUser, body: LinesheetSendRequest, recorder?: AnswerRecorder): Promise<LinesheetSent> {
    const { sender, customers, db, outbox, worker } = this.deps;
    const rep = isRepRole(user.role);
    if (rep && user.rep?.salesPersonCode == null) throw new HttpError(403, LINESHEET_SEND_MSG.noSalesPerson);
    const company = { companyRut: formatRut(body.rut) };
    const profile = await customers.profileOf(company).catch((error: unknown) => {
      if (error instanceof ErpError && error.code === 'ERP_NOT_FOUND') throw new HttpError(404, LINESHEET_SEND_MSG.notFound);
      throw error;
    });
    // a customer outside the rep's scope is refused whether or not it exists elsewhere in the ERP
    if (rep && !(await this.deps.inRepScope(user, profile.idcliente))) throw new HttpError(403, LINESHEET_SEND_MSG.outOfScope);
    const to = body.email || mailboxesOf(profile.mail);
    if (!to) throw new HttpError(409, LINESHEET_SEND_MSG.noMail);

    const styles = await sender.sheets.select(body, user);
    const release = sender.slots.hold();
    let file: Buffer;
    let sheet: Linesheet;
    try {
      sheet = await sender.sheets.build(company, styles, body.markup);
      file = await buffer(sender.write(sheet, body.format));
    } finally {
      release();
    }
    const filename = linesheetFileName(sheet, body.format);
    const contentType = body.format === 'xlsx' ? XLSX_TYPE : PDF_TYPE;
    const key = `${SENT_SHEETS_FOLDER}/${randomUUID()}.${body.format}`;
    await this.deps.privateFiles.put(key, file, contentType);

    const companyName = profile.nombre || sheet.company.name;
    const answer: LinesheetSent = { message: fill(LINESHEET_SEND_MSG.sent, { to }), to, company: companyName, styles: sheet.styles.length, filename };
    const mail = { to, ...this.message(companyName, sheet.date, sheet.styles.length, body.format, body.mensaje), attachments: [{ filename, privateKey: key, contentType }] };
    await db.transaction(async (tx) => {
      await enqueueMail(outbox, tx, `mail:LINESHEET:${key}`, mail, this.deps.mailDomain);
      await recorder?.record(tx, { status: 200, body: answer });
    });
    worker.kick();
    return answer;
  }

  /** The mail's subject and bodies: who it is for, the date the prices hold, how to order from the Excel. */
  private message(company: string, date: string, styles: number, format: 'xlsx' | 'pdf', note: string) {
    const { brandName, publicUrl } = this.deps;
    const subject = `Lista de precios ${brandName} · ${company}`;
    const intro = `Le enviamos la lista de precios de ${brandName} con sus precios, válidos al ${sheetDate(date)}: ${styles} estilos, en ${format === 'xlsx' ? 'Excel' : 'PDF'}.`;
    const howTo =
      format === 'xlsx'
        ? `Para pedir, complete la columna "Cantidad a pedir" y suba el archivo en Pedido rápido: ${publicUrl}/user/quick-order`
        : `Puede pedir en el portal: ${publicUrl}/user/catalog`;
    const text = [`Estimado cliente ${company}:`, '', intro, ...(note ? ['', note] : []), '', howTo, '', brandName].join('\n');
    const html = [
      `<p>Estimado cliente ${escapeHtml(company)}:</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      ...(note ? [`<p>${escapeHtml(note).replace(/\n/g, '<br>')}</p>`] : []),
      `<p>${escapeHtml(howTo)}</p>`,
      `<p>${escapeHtml(brandName)}</p>`,
    ].join('\n');
    return { subject, text, html };
  }
}
