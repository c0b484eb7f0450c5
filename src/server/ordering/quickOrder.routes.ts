import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { QUICK_ORDER_MAX_BYTES, QUICK_ORDER_TEMPLATE_NAMES, quickOrderTemplateCsv } from '@shared/quickOrder';
import { quickOrderValidateSchema } from '@shared/schemas/quickOrder';
import type { RouteDeps } from '../routeDeps';
import { CartRepo } from '../cart/cart.repo';
import { HttpError } from '../errors';
import { answer } from '../http/responses';
import { requireUser } from '../plugins/auth';
import { shownName } from '../products/uploads';
import { QuickOrderService } from './quickOrder.service';
import { QUICK_ORDER_FILE_MSG, quickOrderTemplateXlsx, readQuickOrderFile } from './quickOrderFiles';
import type { YupTypeProvider } from '../plugins/validation';
import { SERVER_MSG } from '../messages';

/** The one file of the upload form (field `file`), read whole: the multipart limit bounds it. */
async function readFilePart(request: FastifyRequest): Promise<{ filename: string; bytes: Buffer }> {
  let found: { filename: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file' && !found) found = { filename: shownName(part.filename) || 'archivo', bytes };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(400, QUICK_ORDER_FILE_MSG.tooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new HttpError(400, 'Debe adjuntar un solo archivo');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new HttpError(400, QUICK_ORDER_FILE_MSG.missing);
    if (err instanceof HttpError) throw err;
    request.log.info({ err }, 'multipart mal formado');
    throw new HttpError(400, 'La solicitud multipart está incompleta o mal formada');
  }
  if (!found) throw new HttpError(400, QUICK_ORDER_FILE_MSG.missing);
  return found;
}

/** Quick order (docs/ordering.md): lines checked and priced for the buyer before they go to the cart in one bulk add. */
const quickOrderRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  // bodies, queries and path parameters typed from the schemas that validate them
  const api = app.withTypeProvider<YupTypeProvider>();
  await app.register(multipart, { limits: { fileSize: QUICK_ORDER_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 } });
  const quickOrder = new QuickOrderService({ erp: deps.erp, catalog: deps.catalog, customers: deps.customers, cart: new CartRepo(deps.db) });
  const buyer = { config: { access: 'buyer' as const, capability: 'buy' as const, accessDenied: SERVER_MSG.cartNotForAdmins } };
  const validation = { 200: answer('QuickOrderValidation') };

  api.post('/api/user/quick-order/validate', { ...buyer, schema: { body: quickOrderValidateSchema, response: validation } }, (request) =>
    quickOrder.validate(requireUser(request), request.body.lines),
  );

  app.post('/api/user/quick-order/file', { ...buyer, schema: { response: validation } }, async (request) => {
    const user = requireUser(request);
    const { filename, bytes } = await readFilePart(request);
    const { lines, reading } = await readQuickOrderFile(bytes, filename);
    return { ...(await quickOrder.validate(user, lines)), reading };
  });

  // The templates hold no data: public, so a plain link downloads them.
  const noStore = 'no-cache';
  app.get('/api/user/quick-order/template.csv', { config: { access: 'public' } }, (_request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${QUICK_ORDER_TEMPLATE_NAMES.csv}"`)
      .header('cache-control', noStore)
      .send(quickOrderTemplateCsv()),
  );
  app.get('/api/user/quick-order/template.xlsx', { config: { access: 'public' } }, async (_request, reply) =>
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${QUICK_ORDER_TEMPLATE_NAMES.xlsx}"`)
      .header('cache-control', noStore)
      .send(await quickOrderTemplateXlsx()),
  );
};

export default quickOrderRoutes;
