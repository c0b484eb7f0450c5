import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import fp from 'fastify-plugin';
import { ValidationError, type Schema } from '@shared/yup';
import { HttpError } from '../errors';
import { SERVER_MSG } from '../messages';

/** yup's errors as `{field: first message}`, and the first message as the summary. */
export function toHttpError(error: ValidationError): HttpError {
  const fields: Record<string, string> = {};
  const all = error.inner.length ? error.inner : [error];
  for (const e of all) {
    const key = e.path || '_';
    if (!(key in fields)) fields[key] = e.message;
  }
  return new HttpError(400, all[0]?.message || SERVER_MSG.validationFailed, fields);
}

/** How deep `nulPath` looks: deeper than any request schema of the portal. */
const NUL_DEPTH = 8;

/**
 * Where a validated value holds a text with a NUL character (`items[3].sku`, '' for the value itself), or undefined.
 * PostgreSQL refuses NUL in text (and in jsonb), and the ERP's fields cannot hold it: such a text is the client's
 * mistake, a 400, never a 500 from the database. It looks at the validated value, so only the fields the schema keeps.
 */
export function nulPath(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (!value || typeof value !== 'object' || depth >= NUL_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], `${path}[${i}]`, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const found = nulPath(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Validates a value with a shared yup schema; unknown keys are dropped. Throws a 400 HttpError. */
export function validate<T>(schema: Schema<T>, value: unknown): T {
  let valid: T;
  try {
    valid = schema.validateSync(value, { abortEarly: false, stripUnknown: true });
  } catch (e) {
    if (e instanceof ValidationError) throw toHttpError(e);
    throw e;
  }
  const nul = nulPath(valid);
  if (nul !== undefined) throw new HttpError(400, SERVER_MSG.nulCharacter, { [nul || '_']: SERVER_MSG.nulCharacter });
  return valid;
}

/**
 * Route schemas for body, querystring and params are the yup schemas of src/shared, the same ones the
 * forms use: `schema: { body: loginSchema }`.
 */
export default fp(async function yupValidation(app: FastifyInstance) {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const check = (data: unknown) => {
      try {
        return { value: validate(schema as Schema, data) };
      } catch (e) {
        return { error: e as Error };
      }
    };
    return httpPart === 'params' ? rememberValid(check) : check;
  });
});

/** How many valid path parameter sets each route keeps (a product page is asked for again and again). */
const KEPT_PARAMS = 2000;

/**
 * Path parameters are a few strings and their schemas pure rules on them: the result of a valid set is kept (per route,
 * the most recent KEPT_PARAMS) and given again without running yup; an invalid set is checked every time.
 */
function rememberValid(check: (data: unknown) => { value?: unknown; error?: Error }) {
  const valid = new Map<string, object>();
  return (data: unknown) => {
    const key = paramsKey(data);
    const kept = key === undefined ? undefined : valid.get(key);
    if (kept !== undefined) return { value: { ...kept } };
    const result = check(data);
    if (key !== undefined && !result.error) {
      if (valid.size >= KEPT_PARAMS) valid.delete(valid.keys().next().value!);
      valid.set(key, { ...(result.value as object) });
    }
    return result;
  };
}

/**
 * A key of a flat object of strings (what Fastify gives as params); undefined for anything else. The values in the
 * order given, separated by NUL: one validator serves one route, whose path names its parameters in a fixed order, so
 * the values alone tell two sets apart (a route of one parameter, the hot case, keys on the value itself, with no new
 * string). A value holding a NUL is never valid (`nulPath`), so no kept key is ambiguous.
 */
function paramsKey(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  let key: string | undefined;
  for (const name in data) {
    if (!Object.hasOwn(data, name)) continue;
    const value = (data as Record<string, unknown>)[name];
    if (typeof value !== 'string') return undefined;
    key = key === undefined ? value : `${key}\u0000${value}`;
  }
  return key ?? '';
}

/**
 * Fastify's type provider for these yup schemas: a route declared through `app.withTypeProvider<YupTypeProvider>()`
 * gets `request.body`, `request.query` and `request.params` typed from the schemas it validates them with (yup's output
 * type), so a hand-written `app.post<{ Body: X }>` cannot say something else than its schema.
 */
export interface YupTypeProvider extends FastifyTypeProvider {
  readonly validator: this['schema'] extends Schema<infer T> ? T : unknown;
  readonly serializer: unknown;
}
