import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ADMIN_PRODUCT_MSG, PRODUCT_FILE_FIELDS, PRODUCT_PDF_MAX_BYTES, productStatusQuery } from '@shared/schemas/adminProducts';
import { skuParams } from '@shared/schemas/params';
import type { ProductsAdmin } from './products.service';
import { extraFiles, readUploadForm, type UploadRules } from './uploads';
import { requireUser } from '../plugins/auth';
import { answer } from '../http/responses';
import type { YupTypeProvider } from '../plugins/validation';

const UPLOAD_RULES: UploadRules = {
  fileFields: PRODUCT_FILE_FIELDS,
  tooLarge: (field) => (field === 'technicalSheetFilePdf' ? ADMIN_PRODUCT_MSG.pdfTooLarge : ADMIN_PRODUCT_MSG.imageTooLarge),
  oneFilePerField: ADMIN_PRODUCT_MSG.oneFilePerField,
  unknownFileField: ADMIN_PRODUCT_MSG.unknownFileField,
};

/**
 * Product administration (R-ADM-PROD-1 to R-ADM-PROD-3), ADMIN and SUPERADMIN only. The list itself is
 * GET /api/user/b1/products (every style for an admin, catalog/catalog.routes.ts).
 */
export default async function productsRoutes(app: FastifyInstance, opts: { products: ProductsAdmin }) {
  // bodies, queries and path parameters typed from the schemas that validate them
  const api = app.withTypeProvider<YupTypeProvider>();
  const { products } = opts;
  const admin = { config: { access: 'admin' as const } };
  // The largest file is the 4 MB sheet; an image between 2 and 4 MB is read and refused with its own message.
  await app.register(multipart, {
    limits: { fileSize: PRODUCT_PDF_MAX_BYTES, files: extraFiles(PRODUCT_FILE_FIELDS), fields: 30, fieldSize: 4096, parts: 40, headerPairs: 100 },
  });

  api.get('/api/admin/products/find/by/sku/:sku', { ...admin, schema: { params: skuParams, response: { 200: answer('ProductContent') } } }, (request) =>
    products.find(request.params.sku),
  );

  // The list's Estado for a whole page (or the whole list) in one request.
  api.get('/api/admin/products/status', { ...admin, schema: { querystring: productStatusQuery, response: { 200: answer('ProductStatusResponse') } } }, (request) => {
    const skus = request.query.skus?.split(',').map((s) => s.trim()).filter(Boolean);
    return products.status(skus);
  });

  app.post('/api/admin/products', { ...admin, schema: { response: { 200: answer('ProductContent'), 201: answer('ProductContent') } } }, async (request, reply) => {
    const form = await readUploadForm(request, UPLOAD_RULES);
    const { record, created } = await products.save(requireUser(request), form);
    return reply.code(created ? 201 : 200).send(record);
  });
}
