import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { fromYup, isYup, type JsonSchema } from '../http/jsonSchema';
import { IDEMPOTENCY_HEADER, KEY_FORMAT } from '../http/idempotency';
import { answer } from '../http/responses';
import type { Access } from './auth';
import { ROUTE_DOCS } from './openapiRoutes';
import { xsrfExempt } from './xsrf';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's operationId in the OpenAPI description, when the one derived from its method and address will not do. */
    operationId?: string;
  }
}

/** Where the OpenAPI description is served (`config.openApi`: on unless OPENAPI=off). */
export const OPENAPI_PATH = '/api/docs/openapi.json';

/** The name of the `{status, message}` answer of every failure in the description. */
export const ERROR_ANSWER = 'ErrorAnswer';
const ERROR_SCHEMA: JsonSchema = {
  ...(withRequired(answer('ApiError')) as JsonSchema),
  title: undefined,
  description: 'Toda respuesta de error: el código HTTP y un mensaje en español para el usuario (fields: el mensaje de cada campo; code y order cuando el ERP no respondió o el pedido quedó a medio camino)',
};

/** How a route is reached, by its declared access (see plugins/auth.ts). */
const ACCESS_TEXT: Record<Access, string> = {
  public: 'Acceso: público (sin sesión).',
  provider: 'Acceso: proveedor de pagos (sin sesión ni token anti-falsificación: la llamada trae su propia prueba).',
  session: 'Acceso: cualquier usuario con sesión (USER, VENDEDOR, ADMIN o SUPERADMIN).',
  buyer: 'Acceso: un comprador con sesión (USER), o un vendedor (VENDEDOR) mientras atiende a un cliente de su cartera.',
  admin: 'Acceso: un administrador con sesión (ADMIN o SUPERADMIN).',
  rep: 'Acceso: un vendedor con sesión (VENDEDOR).',
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** 'GET /api/user/cart/find-by-userid/:userId' → 'getUserCartFindByUseridByUserId': stable, unique, camelCase. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((s) => s && s !== 'api')
    .flatMap((s) => (s.startsWith(':') ? ['by', s.slice(1)] : s === '*' ? ['any'] : s.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/** The answers' documented `x-required` (see http/responses.ts) back as `required`. */
function withRequired(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withRequired);
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(schema)) out[k === 'x-required' ? 'required' : k] = withRequired(v);
  return out;
}

const error = (description: string): JsonSchema => ({ description, title: ERROR_ANSWER });

/** The failures a route can answer, from its access, its method and what it reads. */
function failures(access: Access, method: string, url: string, schema: JsonSchema, hasBody: boolean, exempt: boolean): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  const hasParams = !!schema.params || url.includes(':');
  if (hasBody || schema.querystring || hasParams) out['400'] = error('Datos inválidos (el mensaje dice cuál)');
  const loggedIn = access === 'session' || access === 'buyer' || access === 'admin' || access === 'rep';
  if (loggedIn) out['401'] = error('Sin sesión, o la sesión expiró');
  const xsrf = !SAFE_METHODS.has(method) && !exempt;
  const roleBound = access === 'buyer' || access === 'admin' || access === 'rep';
  if (roleBound || xsrf) {
    out['403'] = error([roleBound ? 'Sesión de otro rol' : '', xsrf ? 'falta el token anti-falsificación' : ''].filter(Boolean).join(', o '));
  }
  if (hasParams) out['404'] = error('No existe');
  return out;
}

/** The yup `format` query field of the admin lists: `format=csv` answers the whole list as text/csv. */
const hasCsvFormat = (query: JsonSchema | undefined) => ((query?.properties as Record<string, JsonSchema> | undefined)?.format?.enum as unknown[] | undefined)?.includes('csv') ?? false;

type Operation = JsonSchema & { responses?: Record<string, JsonSchema>; operationId?: string };

/**
 * The OpenAPI 3.1 description of the API at GET /api/docs/openapi.json. Request schemas are the yup schemas of
 * src/shared, described as JSON Schema; answers are the routes' response schemas; security, operationId and the
 * failures come from each route's `config` (access, operationId), the rest from openapiRoutes.ts. Not described: the
 * loopback fault switches (/api/dev/*), static content and /metrics. It describes; it grants nothing (every route
 * checks its own access).
 */
export default fp(async function openapi(app: FastifyInstance) {
  /** operationId → the route's key and access, filled by `transform`, read by `transformObject`. */
  const routes = new Map<string, { key: string; access: Access; csv: boolean }>();
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Portal B2B API',
        version: '1',
        description: 'Los errores responden {status, message} con el mensaje en español. Toda llamada que no sea GET lleva la cabecera x-xsrf-token con el valor de la cookie XSRF-TOKEN (GET /api/security/xsrf la entrega).',
      },
      components: {
        securitySchemes: {
          bearerToken: { type: 'http', scheme: 'bearer', description: 'El token de POST /api/security/login en Authorization (se acepta con o sin el prefijo "Bearer ")' },
          xsrfToken: { type: 'apiKey', in: 'header', name: 'x-xsrf-token', description: 'El valor de la cookie XSRF-TOKEN (doble envío anti-falsificación)' },
        },
        schemas: { [ERROR_ANSWER]: ERROR_SCHEMA },
      },
    },
    transform: ({ schema, url, route }) => {
      const r = route as RouteOptions;
      const method = (Array.isArray(r.method) ? r.method[0] : r.method) as string;
      if (!url.startsWith('/api/') || url.startsWith('/api/dev/') || url === OPENAPI_PATH) return { schema: { ...schema, hide: true } as typeof schema, url };
      const config = (r.config ?? {}) as { access?: Access; operationId?: string; xsrf?: boolean };
      const access = config.access ?? 'public';
      const key = `${method} ${url}`;
      const out: JsonSchema = {};
      for (const [part, value] of Object.entries(schema ?? {})) out[part] = part === 'response' ? withRequired(value) : isYup(value) ? fromYup(value) : value;
      const operationId = config.operationId ?? operationIdOf(method, url);
      routes.set(operationId, { key, access, csv: hasCsvFormat(out.querystring as JsonSchema | undefined) });
      const hasBody = !!out.body || !!ROUTE_DOCS[key]?.body;
      const exempt = xsrfExempt(config);
      out.response = { ...failures(access, method, url, out, hasBody, exempt), ...((out.response as JsonSchema | undefined) ?? {}) };
      out.operationId = operationId;
      out.tags = [url.split('/')[2]]; // the area: security, user, admin, orders, payments…
      out.description = [ACCESS_TEXT[access], out.description].filter(Boolean).join(' ');
      const loggedIn = access === 'session' || access === 'buyer' || access === 'admin' || access === 'rep';
      const xsrf = !SAFE_METHODS.has(method) && !exempt;
      const withSession = { bearerToken: [], ...(xsrf ? { xsrfToken: [] } : {}) };
      const optional = ROUTE_DOCS[key]?.optionalSession;
      const anonymous = xsrf ? [{ xsrfToken: [] }] : [];
      // a route open to visitors that reads a session when one comes: either requirement (`{}`: none)
      out.security = loggedIn ? [withSession] : optional ? [anonymous[0] ?? {}, withSession] : anonymous;
      if (optional?.unauthorized) (out.response as JsonSchema)['401'] = error(optional.unauthorized);
      const { idempotent, conflict } = ROUTE_DOCS[key] ?? {};
      if (idempotent) {
        out.headers = { type: 'object', properties: { [IDEMPOTENCY_HEADER]: { type: 'string', pattern: KEY_FORMAT.source, description: 'Opcional: una clave por intención; repetida, se responde la primera respuesta (con Idempotent-Replayed: true)' } } };
        (out.response as JsonSchema)['422'] = error('La clave de idempotencia ya se usó con otro cuerpo');
      }
      const conflicts = [conflict, idempotent ? 'la misma clave de idempotencia está en curso' : undefined].filter(Boolean).join('; o ');
      if (conflicts) (out.response as JsonSchema)['409'] = error(conflicts[0]!.toUpperCase() + conflicts.slice(1));
      if ((r.config as { rateLimit?: unknown } | undefined)?.rateLimit) (out.response as JsonSchema)['429'] = error('Demasiados intentos: espere antes de volver a intentar');
      return { schema: out as typeof schema, url };
    },
    transformObject: (documentObject) => {
      const doc = (documentObject as { openapiObject: JsonSchema }).openapiObject as JsonSchema & { paths: Record<string, Record<string, Operation>> };
      for (const operations of Object.values(doc.paths)) {
        delete operations.head; // the HEAD twin of a download says nothing the GET does not
        for (const operation of Object.values(operations)) describeOperation(operation, routes.get(operation.operationId ?? ''));
      }
      return refErrors(doc) as never; // the same document, its failures as references
    },
  });
  app.get(OPENAPI_PATH, { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => reply.header('cache-control', 'no-cache').send(app.swagger()));
});

const SUCCESS_TEXT: Record<string, string> = { '200': 'Correcto', '201': 'Creado', '202': 'Aceptado' };

/** The access as `x-portal-access`, the bodies and answers of openapiRoutes.ts, the csv form of the admin lists. */
function describeOperation(operation: Operation, route: { key: string; access: Access; csv: boolean } | undefined) {
  if (!route) return;
  operation['x-portal-access'] = route.access;
  const extra = ROUTE_DOCS[route.key];
  if (extra?.body) operation.requestBody = extra.body;
  const responses = (operation.responses ??= {});
  for (const [code, text] of Object.entries(SUCCESS_TEXT)) if (responses[code]?.description === 'Default Response') responses[code]!.description = text;
  if (extra?.answers) {
    for (const code of Object.keys(responses)) if (/^2/.test(code) && responses[code]!.description === 'Default Response') delete responses[code];
    Object.assign(responses, withRequired(extra.answers));
  }
  if (route.csv) {
    const ok = responses['200'] as { content?: Record<string, unknown> } | undefined;
    if (ok?.content) ok.content['text/csv'] = { schema: { type: 'string', description: 'Con format=csv: la lista entera, separada por ";"' } };
  }
}

/** Every failure answer (marked by its title in `failures`) as a reference to the one ErrorAnswer schema. */
function refErrors(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(refErrors);
  if (!value || typeof value !== 'object') return value;
  const node = value as JsonSchema;
  if (node.title === ERROR_ANSWER && node !== ERROR_SCHEMA) return { $ref: `#/components/schemas/${ERROR_ANSWER}` };
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === 'schemas' ? v : refErrors(v);
  return out;
}
