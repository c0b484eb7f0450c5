import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LINESHEET_MSG, linesheetQuery, type LinesheetFormat } from '@shared/schemas/linesheet';
import type { RouteDeps } from '../routeDeps';
import { CartRepo } from '../cart/cart.repo';
import { CartService } from '../cart/cart.service';
import { ContentRepo } from '../catalog/content.repo';
import { HttpError } from '../errors';
import { requireUser, type SessionUser } from '../plugins/auth';
import type { FileStore } from '../storage/fileStore';
import type { YupTypeProvider } from '../plugins/validation';
import { LinesheetService, linesheetFileName } from './linesheet.service';
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

/** What a route that answers a line sheet of some styles needs (the selection's route here; a saved list's later). */
export type SendLinesheet = (request: FastifyRequest, reply: FastifyReply, user: SessionUser, styles: readonly string[], format: LinesheetFormat, markup: number) => Promise<FastifyReply>;

/** The line sheet's service and the function that answers a sheet of some styles: one per app, shared by its routes. */
export interface LinesheetSender {
  sheets: LinesheetService;
  send: SendLinesheet;
  slots: BuildSlots;
}

/**
 * Builds the sender of an app. A route that answers a sheet of styles it chose itself (a saved list's:
 * `alcance=LISTA&lista=<id>`) calls `send` with them, sharing the slots and the thumbnails.
 */
export function linesheetSender(deps: LinesheetRouteOptions, log: FastifyBaseLogger): LinesheetSender {
  const cart = new CartService(deps.db, new CartRepo(deps.db), deps.erp, deps.customers);
  const sheets = new LinesheetService({ catalog: deps.catalog, content: new ContentRepo(deps.db), erp: deps.erp, customers: deps.customers, cart });
  const slots = new BuildSlots(deps.concurrency ?? LINESHEET_CONCURRENCY);
  const thumbnails = new Thumbnails(deps.files, (err, url) => log.warn({ err, url }, 'miniatura de la lista de precios no generada'));

  /**
   * Streams the sheet of `styles` for `user`'s company: headers first (the file's name, X-Estilos and
   * X-Tamano-Estimado for the SPA's progress), then the body as it is written. The build holds a slot until its answer
   * ends (or the client goes away); with none free, 429.
   */
  const send: SendLinesheet = async (request, reply, user, styles, format, markup) => {
    const release = slots.take();
    if (!release) throw new HttpError(429, LINESHEET_MSG.busy);
    try {
      const sheet = await sheets.build(user, styles, markup);
      const sizes = sheet.styles.reduce((n, s) => n + s.sizes.length, 0);
      const body = format === 'xlsx' ? linesheetXlsx(sheet, deps.publicUrl) : linesheetPdf(sheet, (url) => thumbnails.of(url));
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

  return { sheets, send, slots };
}

/** The line sheet (docs/linesheet.md): the acting company's prices for a selection of the catalogue, as XLSX or PDF, streamed. */
const linesheetRoutes: FastifyPluginAsync<{ sender: LinesheetSender }> = async (app, { sender }) => {
  const api = app.withTypeProvider<YupTypeProvider>();
  const { sheets, send } = sender;
  // no HEAD: it would build a whole sheet to send its headers
  api.get('/api/user/linesheet', { exposeHeadRoute: false, config: { access: 'buyer', capability: 'browse' }, schema: { querystring: linesheetQuery } }, async (request, reply) => {
    const user = requireUser(request);
    const { format, markup } = request.query;
    return send(request, reply, user, await sheets.select(request.query), format, markup);
  });
};

export default linesheetRoutes;
