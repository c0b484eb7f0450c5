import type { FastifyInstance } from 'fastify';
import { auditListQuerySchema } from '@shared/schemas/adminAudit';
import { sendCsv, toCsv } from '../http/csv';
import { answer } from '../http/responses';
import { AUDIT_CSV, type AuditService } from './audit.service';
import type { YupTypeProvider } from '../plugins/validation';

/** 'Auditoría' (ADMIN and SUPERADMIN): who changed what and when, with the values before and after; CSV with ?format=csv. */
export default async function auditRoutes(app: FastifyInstance, opts: { audit: AuditService }) {
  // bodies, queries and path parameters typed from the schemas that validate them
  const api = app.withTypeProvider<YupTypeProvider>();
  const { audit } = opts;
  api.get(
    '/api/admin/audit',
    { config: { access: 'admin' }, schema: { querystring: auditListQuerySchema, response: { 200: answer('AuditList') } } },
    async (request, reply) => {
      if (request.query.format === 'csv') return sendCsv(reply, 'auditoria', toCsv(AUDIT_CSV, await audit.exportRows(request.query)));
      return audit.list(request.query);
    },
  );
}
