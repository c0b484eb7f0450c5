import type { FastifyInstance } from 'fastify';
import type { AccountAlertsPreference } from '@shared/api/account';
import { alertsPreferenceSchema } from '@shared/schemas/account';
import type { Db } from '../db/connect';
import { answer } from '../http/responses';
import { requireUser } from '../plugins/auth';
import type { YupTypeProvider } from '../plugins/validation';
import { AlertsRepo } from './alerts.repo';

/** GET/PUT /api/user/account/alerts: the caller's own switch of the account's mail alerts (docs/account.md). */
export default async function alertsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const api = app.withTypeProvider<YupTypeProvider>();
  const config = { access: 'buyer' as const, capability: 'finance' as const };
  const preference = answer('AccountAlertsPreference');
  const repo = new AlertsRepo(opts.db);

  api.get('/api/user/account/alerts', { config, schema: { response: { 200: preference } } }, async (request): Promise<AccountAlertsPreference> => ({
    enabled: await repo.preference(requireUser(request).id),
  }));

  api.put('/api/user/account/alerts', { config, schema: { body: alertsPreferenceSchema, response: { 200: preference } } }, async (request): Promise<AccountAlertsPreference> => ({
    enabled: await repo.setPreference(requireUser(request).id, request.body.enabled),
  }));
}
