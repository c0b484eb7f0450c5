import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { fill } from '@shared/messages';
import { STOCK_ALERT_MSG, stockAlertIdParams, stockAlertSchema, unsubscribeQuery } from '@shared/schemas/stockAlerts';
import { HttpError } from '../errors';
import { answer, MESSAGE } from '../http/responses';
import { escapeHtml } from '../mail/orderMail';
import { requireUser } from '../plugins/auth';
import type { YupTypeProvider } from '../plugins/validation';
import { SERVER_MSG } from '../messages';
import type { StockAlertsService } from './stockAlerts.service';
import { UNSUBSCRIBE_PATH } from './stockAlertsWatch';

/** A small page of its own for the mailed link (no SPA, no session): the title and one sentence. */
function page(reply: FastifyReply, status: number, brand: string, message: string) {
  const title = `${STOCK_ALERT_MSG.unsubscribeTitle} · ${brand}`;
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(`<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p role="status">${escapeHtml(message)}</p></main></body></html>`);
}

/**
 * 'Avísame cuando llegue' (docs/stock-alerts.md): the buyer's own alerts, for the company the session acts for
 * (`/api/user/stock-alerts`), and the mailed unsubscribe link, without login.
 */
const stockAlertsRoutes: FastifyPluginAsync<{ alerts: StockAlertsService; brandName: string }> = async (app, { alerts, brandName }) => {
  const api = app.withTypeProvider<YupTypeProvider>();
  const guard = { config: { access: 'buyer' as const, capability: 'buy' as const, accessDenied: SERVER_MSG.cartNotForAdmins } };

  api.get('/api/user/stock-alerts', { ...guard, schema: { response: { 200: answer('StockAlertList') } } }, (request) => alerts.list(requireUser(request)));

  api.post('/api/user/stock-alerts', { ...guard, schema: { body: stockAlertSchema, response: { 200: answer('StockAlertCreated') } } }, (request) =>
    alerts.subscribe(requireUser(request), request.body.sku),
  );

  api.delete('/api/user/stock-alerts/:id', { ...guard, schema: { params: stockAlertIdParams, response: { 200: MESSAGE } } }, async (request) => {
    await alerts.remove(requireUser(request), request.params.id);
    return { message: STOCK_ALERT_MSG.removed };
  });

  // the mail's link: no session; the token names one alert, and only that one is removed
  api.get(UNSUBSCRIBE_PATH, { config: { access: 'public' }, schema: { querystring: unsubscribeQuery, response: { 200: answer('StockAlertUnsubscribed') } } }, async (request, reply) => {
    const json = request.query.format === 'json';
    try {
      const done = await alerts.unsubscribe(request.query.token);
      const message = fill(STOCK_ALERT_MSG.unsubscribed, { name: done.name, size: done.size });
      return json ? { message, sku: done.sku } : page(reply, 200, brandName, message);
    } catch (err) {
      if (!json && err instanceof HttpError && err.status === 404) return page(reply, 404, brandName, err.message);
      throw err;
    }
  });
};

export default stockAlertsRoutes;
