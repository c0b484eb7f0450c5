import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { BANNER_FILE_FIELDS, BANNER_MAX_BYTES, BANNER_MSG, bannerIdParams } from '@shared/schemas/banners';
import type { BannersAdmin } from './banners.service';
import { extraFiles, readUploadForm, type UploadRules } from '../products/uploads';
import { requireUser } from '../plugins/auth';
import { answer, listOf, MESSAGE } from '../http/responses';
import type { YupTypeProvider } from '../plugins/validation';

const UPLOAD_RULES: UploadRules = {
  fileFields: BANNER_FILE_FIELDS,
  tooLarge: () => BANNER_MSG.tooLarge,
  oneFilePerField: BANNER_MSG.oneFilePerField,
  unknownFileField: BANNER_MSG.unknownFileField,
};

/** Banner administration (R-ADM-BAN-1, R-ADM-BAN-2), ADMIN and SUPERADMIN only. */
export default async function bannersRoutes(app: FastifyInstance, opts: { banners: BannersAdmin }) {
  // bodies, queries and path parameters typed from the schemas that validate them
  const api = app.withTypeProvider<YupTypeProvider>();
  const { banners } = opts;
  const admin = { config: { access: 'admin' as const } };
  const byId = { ...admin, schema: { params: bannerIdParams } };
  const banner = answer('Banner');
  await app.register(multipart, {
    limits: { fileSize: BANNER_MAX_BYTES, files: extraFiles(BANNER_FILE_FIELDS), fields: 20, fieldSize: 4096, parts: 30, headerPairs: 100 },
  });

  app.get('/api/admin/banners', { ...admin, schema: { response: { 200: listOf('Banner') } } }, () => banners.list());

  api.get('/api/admin/banners/:id', { ...byId, schema: { ...byId.schema, response: { 200: banner } } }, (request) => banners.byId(request.params.id));

  app.post('/api/admin/banners', { ...admin, schema: { response: { 200: banner, 201: banner } } }, async (request, reply) => {
    const form = await readUploadForm(request, UPLOAD_RULES);
    const { banner, created } = await banners.save(requireUser(request), form);
    return reply.code(created ? 201 : 200).send(banner);
  });

  api.delete('/api/admin/banners/:id', { ...byId, schema: { ...byId.schema, response: { 200: MESSAGE } } }, async (request) => {
    await banners.delete(requireUser(request), request.params.id);
    return { message: BANNER_MSG.deleted };
  });
}
