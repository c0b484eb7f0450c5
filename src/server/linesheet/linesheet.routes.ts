import type { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LINESHEET_MSG, linesheetQuery, linesheetSendSchema, type LinesheetFormat, type LinesheetSendRequest } from '@shared/schemas/linesheet';
import type { Db } from '../db/connect';
import { idempotent } from '../http/idempotency';
import { IdempotencyStore } from '../http/idempotency.repo';
import { answer } from '../http/responses';
import type { LinesheetMailer } from './linesheetMail';
import type { RouteDeps } from '../routeDeps';
import { CartRepo } from '../cart/cart.repo';
import { CartService } from '../cart/cart.service';
import { ContentRepo } from '../catalog/content.repo';
import { HttpError } from '../errors';
import { savedListStyles } from '../savedLists/savedLists.service';
import { requireUser, type SessionUser } from '../plugins/auth';
import type { FileStore } from '../storage/fileStore';
import type { YupTypeProvider } from '../plugins/validation';
import { LinesheetService, linesheetFileName, type Linesheet } from './linesheet.service';
import { linesheetPdf, pdfSizeEstimate, PDF_TYPE } from './linesheetPdf';
import { linesheetXlsx, xlsxSizeEstimate, XLSX_TYPE } from './linesheetXlsx';
import { Thumbnails } from './thumbnails';

/** Sheets built at once by one instance; one more is answered 429 (docs/scale-out.md). */
export const LINESHEET_CONCURRENCY = 3;

/** A count of builds in progress, per instance: a build takes a slot or is refused; the slot is freed when its answer ends. */
export class BuildSlots {
  private active = 0;

  constructor(readonly max: number) {}

  /** A release function, or undefined when every slot is taken. */
  take(): (() => void) | undefined {
    if (this.active >= this.max) return undefined;
    this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
    };
  }

  /** A slot's release function; with every slot taken, the 429 that asks to try again in a moment. */
  hold(): () => void {
    const release = this.take();
    if (!release) throw new HttpError(429, LINESHEET_MSG.busy);
    return release;
  }

  get inUse(): number {
    return this.active;
  }
}

export interface LinesheetRouteOptions extends RouteDeps {
  files: FileStore;
  /** The portal's public address: the XLSX's picture links are absolute. */
  publicUrl: string;
  /** Builds at once (default LINESHEET_CONCURRENCY). */
  concurrency?: number;
}

/** Answers the sheet of some styles for the company `user` acts for (the buyer's download). */
export type SendLinesheet = (request: FastifyRequest, reply: FastifyReply, user: SessionUser, styles: readonly string[], format: LinesheetFormat, markup: number) => Promise<FastifyReply>;

/** The line sheet's service and the functions that answer or write a sheet: one per app, shared by its routes. */
export interface LinesheetSender {
  sheets: LinesheetService;
  send: SendLinesheet;
  /** The sheet as a file, streamed as it is written (the download's body, or a mail's attachment). */
  write: (sheet: Linesheet, format: LinesheetFormat) => Readable;
  slots: BuildSlots;
}

/**
 * Builds the sender of an app: the buyer's download and the mail to a customer share its slots and its thumbnails.
 */
export function linesheetSender(deps: LinesheetRouteOptions, log: FastifyBaseLogger): LinesheetSender {
  const cart = new CartService(deps.db, new CartRepo(deps.db), deps.erp, deps.customers);
  const sheets = new LinesheetService({
    catalog: deps.catalog,
    content: new ContentRepo(deps.db),
    erp: deps.erp,
    customers: deps.customers,
    cart,
    listStyles: (listId, user) => savedListStyles(deps.db, listId, user),
  });
  const slots = new BuildSlots(deps.concurrency ?? LINESHEET_CONCURRENCY);
  const thumbnails = new Thumbnails(deps.files, (err, url) => log.warn({ err, url }, 'miniatura de la lista de precios no generada'));

  /**
   * Streams the sheet of `styles` for `user`'s company: headers first (the file's name, X-Estilos and
   * X-Tamano-Estimado for the SPA's progress), then the body as it is written. The build holds a slot until its answer
   * ends (or the client goes away); with none free, 429.
   */
  const write = (sheet: Linesheet, format: LinesheetFormat): Readable =>
    format === 'xlsx' ? linesheetXlsx(sheet, deps.publicUrl) : linesheetPdf(sheet, (url) => thumbnails.of(url));

  const send: SendLinesheet = async (request, reply, user, styles, format, markup) => {
    const release = slots.hold();
    try {
      const sheet = await sheets.build(user, styles, markup);
      const sizes = sheet.styles.reduce((n, s) => n + s.sizes.length, 0);
      const body = write(sheet, format);
      body.once('close', release);
      body.once('error', (err) => request.log.error({ err }, 'lista de precios interrumpida'));
      reply.raw.once('close', release);
      return reply
        .header('content-type', format === 'xlsx' ? XLSX_TYPE : PDF_TYPE)
        .header('content-disposition', `attachment; filename="${linesheetFileName(sheet, format)}"`)
        .header('cache-control', 'no-store')
        .header('x-estilos', String(sheet.styles.length))
        .header('x-tamano-estimado', String(format === 'xlsx' ? xlsxSizeEstimate(sheet.styles.length, sizes) : pdfSizeEstimate(sheet.styles.length)))
        .send(body);
    } catch (err) {
      release();
      throw err;
    }
  };

  return { sheets, send, write, slots };
}

/**
 * The line sheet (docs/linesheet.md): the acting company's prices for a selection of the catalogue, as XLSX or PDF,
 * streamed; and the same sheet of a customer sent to them by mail by an admin, or by a rep for a customer in their
 * scope (Idempotency-Key: a repeat answers the first result, one mail).
 */
const linesheetRoutes: FastifyPluginAsync<{ sender: LinesheetSender; mailer: LinesheetMailer; db: Db }> = async (app, { sender, mailer, db }) => {
  const api = app.withTypeProvider<YupTypeProvider>();
  const keys = new IdempotencyStore(db, { log: app.log });
  const sendByMail = (request: FastifyRequest<{ Body: LinesheetSendRequest }>, reply: FastifyReply) =>
    idempotent(keys, request, reply, 'linesheetSend', async (recorder) => ({ status: 200, body: await mailer.send(requireUser(request), request.body, recorder) }));
  const sent = { schema: { body: linesheetSendSchema, response: { 200: answer('LinesheetSent') } } };
  api.post('/api/admin/linesheet/send', { config: { access: 'admin' }, ...sent }, sendByMail);
  api.post('/api/rep/linesheet/send', { config: { access: 'rep', accessDenied: 'Solo un vendedor puede enviar listas de precios a sus clientes' }, ...sent }, sendByMail);

  const { sheets, send } = sender;
  // no HEAD: it would build a whole sheet to send its headers
  api.get('/api/user/linesheet', { exposeHeadRoute: false, config: { access: 'buyer', capability: 'browse' }, schema: { querystring: linesheetQuery } }, async (request, reply) => {
    const user = requireUser(request);
    const { format, markup } = request.query;
    return send(request, reply, user, await sheets.select(request.query, user), format, markup);
  });
};

export default linesheetRoutes;
