import fastifyFormbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { fill } from '@shared/messages';
import { STOCK_ALERT_MSG, stockAlertIdParams, stockAlertSchema, unsubscribeBody, unsubscribeQuery } from '@shared/schemas/stockAlerts';
import { HttpError } from '../errors';
import { answer, MESSAGE } from '../http/responses';
import { escapeHtml } from '../mail/orderMail';
import { requireUser } from '../plugins/auth';
import type { YupTypeProvider } from '../plugins/validation';
import { SERVER_MSG } from '../messages';
import type { StockAlertsService } from './stockAlerts.service';
import { UNSUBSCRIBE_PATH } from './stockAlertsWatch';

/**
 * A small page of its own for the mailed link (no SPA, no session): the title, one sentence and, on the link's GET, the
 * form whose button removes the alert (a POST to the same path: CSP form-action 'self').
 */
function page(reply: FastifyReply, status: number, brand: string, message: string, token?: string) {
  const title = `${STOCK_ALERT_MSG.unsubscribeTitle} · ${brand}`;
  const form = token
    ? `<form method="post" action="${UNSUBSCRIBE_PATH}"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">${escapeHtml(STOCK_ALERT_MSG.unsubscribeButton)}</button></form>`
    : '';
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(`<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p role="status">${escapeHtml(message)}</p>${form}</main></body></html>`);
}

/** Whether the request came from the link's page (a form) rather than an API client (JSON). */
const fromForm = (request: FastifyRequest) => request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false;

/**
 * 'Avísame cuando llegue' (docs/stock-alerts.md): the buyer's own alerts, for the company the session acts for
 * (`/api/user/stock-alerts`), and the mailed unsubscribe link, without login.
 */
const stockAlertsRoutes: FastifyPluginAsync<{ alerts: StockAlertsService; brandName: string }> = async (app, { alerts, brandName }) => {
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(fastifyFormbody);
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

  // The mail's link. Its GET only shows the alert and a button: mail scanners open every link of a mail, and a GET
  // changes nothing. The button POSTs the token back; that POST is public and exempt from the double-submit check
  // (`xsrf: false`): the page posting it has no session nor XSRF header, and the token itself is the secret (128 bits
  // of an HMAC under the server's key), so a forged request without it can do nothing.
  api.get(UNSUBSCRIBE_PATH, { config: { access: 'public' }, schema: { querystring: unsubscribeQuery } }, async (request, reply) => {
    try {
      const target = await alerts.unsubscribeInfo(request.query.token);
      const named = { name: target.name, size: target.size };
      if (target.alreadyRemoved) return page(reply, 200, brandName, fill(STOCK_ALERT_MSG.unsubscribeAlready, named));
      return page(reply, 200, brandName, fill(STOCK_ALERT_MSG.unsubscribeAsk, named), request.query.token);
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) return page(reply, 404, brandName, err.message);
      throw err;
    }
  });

  api.post(
    UNSUBSCRIBE_PATH,
    { config: { access: 'public', xsrf: false }, schema: { body: unsubscribeBody, response: { 200: answer('StockAlertUnsubscribed') } } },
    async (request, reply) => {
      const form = fromForm(request);
      try {
        const target = await alerts.unsubscribe(request.body.token);
        const message = fill(target.alreadyRemoved ? STOCK_ALERT_MSG.unsubscribeAlready : STOCK_ALERT_MSG.unsubscribed, { name: target.name, size: target.size });
        return form ? page(reply, 200, brandName, message) : { message, sku: target.sku };
      } catch (err) {
        if (form && err instanceof HttpError && err.status === 404) return page(reply, 404, brandName, err.message);
        throw err;
      }
    },
  );
};

export default stockAlertsRoutes;
