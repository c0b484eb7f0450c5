// QA's control of the stand-ins' fault switches ("ERP down for 2 minutes", "WebPay slow", "Khipu notifies late"),
// registered only by the embedded mode (embedded.ts decides) and answered only to callers on this machine:
//   GET    /api/dev/faults               every running stand-in's switches (values in force, time-boxed ones)
//   PUT    /api/dev/faults               { b1?: change, webpay?: change, khipu?: change }: all or nothing
//   DELETE /api/dev/faults               every stand-in back to its start options
//   GET    /api/dev/faults/:standIn      one stand-in ('b1', 'webpay', 'khipu')
//   PUT    /api/dev/faults/:standIn      change: some switches, optionally with "for": "2m" or "until": ISO-8601
//   DELETE /api/dev/faults/:standIn      that stand-in back to its start options
//   POST   /api/dev/faults/:standIn/:action  an action of the stand-in ('b1'/'invoice' {docEntry} or {numAtCard},
//                                             'b1'/'purchase-order' {docEntry, lineNum?, shipDate?, quantity?})
//   POST   /api/dev/faults/:standIn/:action/:step  a step of one ('b1'/'purchase-order/receive' {docEntry, lineNum?})
// A change sets only the switches it names. The stand-ins themselves (mocks/) parse and apply the bodies: this
// module knows them only through FaultControl, so src/server does not import mocks/ here.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';

/** One stand-in's switches as the control API sees them. */
export interface FaultControl {
  /** Path segment: 'b1', 'webpay', 'khipu'. */
  name: string;
  /** Spanish, for messages: 'el sustituto de B1'. */
  label: string;
  /** The stand-in's own base URL (to look inside it). */
  url: string;
  /** `{ faults, timed }`: the values in force and the time-boxed ones with their end. */
  state(): object;
  /** Reads a change; answers its Spanish error, or how to apply it (nothing is changed before apply()). */
  prepare(body: unknown): { message: string } | { apply(): void };
  /** Back to the stand-in's start options. */
  reset(): void;
  /**
   * What QA may ask the stand-in to do now (POST /api/dev/faults/:standIn/:action, or …/:action/:step for an action
   * named 'action/step'), e.g. B1's 'invoice': invoice a sales order; 'purchase-order/receive': goods arrive. Each
   * answers the status and body to send (a Spanish `{status, message}` when it cannot).
   */
  actions?: Record<string, (body: unknown) => { status: number; body: object }>;
}

export interface FaultRoutesOptions {
  controls: FaultControl[];
}

export const MSG_DEV = {
  notLoopback: 'Las fallas a pedido solo se controlan desde esta misma máquina (127.0.0.1 o ::1)',
  unknownStandIn: (name: string, known: string[]) => `Sustituto desconocido o no activo: «${name}» (activos: ${known.join(', ') || 'ninguno'})`,
  bodyNotObject: 'El cuerpo debe ser un objeto JSON',
  unknownKey: (key: string, known: string[]) => `Sustituto desconocido o no activo: «${key}» (activos: ${known.join(', ')})`,
  unknownAction: (action: string, known: string[]) => `Acción desconocida: «${action}» (disponibles: ${known.join(', ') || 'ninguna'})`,
  emptyChange: (known: string[]) => `Indique las fallas de al menos un sustituto (${known.join(', ')})`,
};

const LOOPBACK_ADDRESS = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i;

/** Whether an address is this machine's loopback. */
export function isLoopbackAddress(address: string | undefined): boolean {
  return !!address && LOOPBACK_ADDRESS.test(address);
}

/** Whether a Host / Origin host names this machine (localhost, *.localhost, 127.x, [::1]), with or without port. */
function isLoopbackHost(host: string): boolean {
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) name = name.slice(1, name.indexOf(']'));
  else name = name.replace(/:\d+$/, '');
  return name === 'localhost' || name.endsWith('.localhost') || isLoopbackAddress(name);
}

/**
 * Only callers on this machine: the connection comes from loopback, the client address the trusted proxies report
 * too (a proxy on this machine forwarding someone else does not count), the Host names this machine (a page whose
 * name was made to point at 127.0.0.1 does not), and no page of another site sent it (Origin, Sec-Fetch-Site).
 */
function assertLocal(request: FastifyRequest): void {
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  let originLocal = true;
  if (origin !== undefined) {
    try {
      originLocal = isLoopbackHost(new URL(origin).host);
    } catch {
      originLocal = false;
    }
  }
  const local =
    isLoopbackAddress(request.socket.remoteAddress) &&
    isLoopbackAddress(request.ip) &&
    isLoopbackHost(request.headers.host ?? '') &&
    originLocal &&
    (site === undefined || site === 'same-origin' || site === 'none');
  if (!local) throw new HttpError(403, MSG_DEV.notLoopback);
}

export default async function faultRoutes(app: FastifyInstance, opts: FaultRoutesOptions): Promise<void> {
  const byName = new Map(opts.controls.map((c) => [c.name, c]));
  const names = [...byName.keys()];
  // 'public' with no anti-forgery token: QA calls it with curl; the loopback check below runs first on every call,
  // and a page of another site cannot send a PUT or DELETE here without a CORS preflight nobody answers.
  const config = { access: 'public' as const, xsrf: false };
  const onRequest = async (request: FastifyRequest) => assertLocal(request);

  const control = (name: string): FaultControl => {
    const c = byName.get(name);
    if (!c) throw new HttpError(404, MSG_DEV.unknownStandIn(name, names));
    return c;
  };
  const view = (c: FaultControl) => ({ label: c.label, url: c.url, ...c.state() });
  const all = () => Object.fromEntries(opts.controls.map((c) => [c.name, view(c)]));

  app.get('/api/dev/faults', { config, onRequest }, async () => all());

  app.put('/api/dev/faults', { config, onRequest }, async (request) => {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, MSG_DEV.bodyNotObject);
    const entries = Object.entries(body as Record<string, unknown>);
    if (entries.length === 0) throw new HttpError(400, MSG_DEV.emptyChange(names));
    const applies: Array<() => void> = [];
    for (const [key, change] of entries) {
      const c = byName.get(key);
      if (!c) throw new HttpError(400, MSG_DEV.unknownKey(key, names));
      const prepared = c.prepare(change);
      if ('message' in prepared) throw new HttpError(400, `${key}: ${prepared.message}`);
      applies.push(prepared.apply);
    }
    for (const apply of applies) apply();
    return all();
  });

  app.delete('/api/dev/faults', { config, onRequest }, async () => {
    for (const c of opts.controls) c.reset();
    return all();
  });

  app.get<{ Params: { standIn: string } }>('/api/dev/faults/:standIn', { config, onRequest }, async (request) => view(control(request.params.standIn)));

  app.put<{ Params: { standIn: string } }>('/api/dev/faults/:standIn', { config, onRequest }, async (request) => {
    const c = control(request.params.standIn);
    const prepared = c.prepare(request.body);
    if ('message' in prepared) throw new HttpError(400, prepared.message);
    prepared.apply();
    return view(c);
  });

  app.delete<{ Params: { standIn: string } }>('/api/dev/faults/:standIn', { config, onRequest }, async (request) => {
    const c = control(request.params.standIn);
    c.reset();
    return view(c);
  });

  const runAction = (standIn: string, name: string, body: unknown) => {
    const c = control(standIn);
    const action = c.actions?.[name];
    if (!action) throw new HttpError(404, MSG_DEV.unknownAction(name, Object.keys(c.actions ?? {})));
    return action(body);
  };
  app.post<{ Params: { standIn: string; action: string } }>('/api/dev/faults/:standIn/:action', { config, onRequest }, async (request, reply) => {
    const { status, body } = runAction(request.params.standIn, request.params.action, request.body);
    return reply.code(status).send(body);
  });
  app.post<{ Params: { standIn: string; action: string; step: string } }>('/api/dev/faults/:standIn/:action/:step', { config, onRequest }, async (request, reply) => {
    const { status, body } = runAction(request.params.standIn, `${request.params.action}/${request.params.step}`, request.body);
    return reply.code(status).send(body);
  });
}
