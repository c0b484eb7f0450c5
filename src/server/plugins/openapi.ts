import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AnySchema, SchemaDescription } from '@shared/yup';

/** Where the OpenAPI description is served (development only: `config.openApi`, the embedded mode without NODE_ENV=production). */
export const OPENAPI_PATH = '/api/docs/openapi.json';

type Json = Record<string, unknown>;

const isYup = (schema: unknown): schema is AnySchema => !!schema && typeof schema === 'object' && '__isYupSchema__' in schema;

/** A yup schema's description as JSON Schema, enough for a reader: types, required fields, allowed values. */
function fromYup(d: SchemaDescription): Json {
  const d2 = d as SchemaDescription & { fields?: Record<string, SchemaDescription>; innerType?: SchemaDescription };
  const base: Json = {};
  if (d.oneOf?.length) base.enum = d.oneOf.filter((v) => v !== undefined);
  switch (d.type) {
    case 'object': {
      const fields = d2.fields ?? {};
      const required = Object.entries(fields).filter(([, f]) => !f.optional).map(([k]) => k);
      return { ...base, type: 'object', properties: Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, fromYup(f)])), ...(required.length ? { required } : {}) };
    }
    case 'array':
      return { ...base, type: 'array', items: d2.innerType ? fromYup(d2.innerType) : {} };
    case 'string':
    case 'number':
    case 'boolean':
      return { ...base, type: d.type };
    case 'date':
      return { ...base, type: 'string', format: 'date-time' };
    default:
      return base;
  }
}

/** The answers' documented `x-required` (see http/responses.ts) back as `required`. */
function withRequired(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withRequired);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) out[k === 'x-required' ? 'required' : k] = withRequired(v);
  return out;
}

/**
 * The OpenAPI description of every route at GET /api/docs/openapi.json (development only). Request schemas are the
 * yup schemas of src/shared, described as JSON Schema here; answers are the routes' response schemas.
 */
export default fp(async function openapi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: { openapi: '3.1.0', info: { title: 'Portal B2B API', version: '1' } },
    transform: ({ schema, url }) => {
      if (!schema) return { schema, url };
      const out: Json = {};
      for (const [part, value] of Object.entries(schema)) {
        if (part === 'response') out.response = withRequired(value);
        else out[part] = isYup(value) ? fromYup(value.describe()) : value;
      }
      return { schema: out as typeof schema, url };
    },
  });
  app.get(OPENAPI_PATH, { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
});
