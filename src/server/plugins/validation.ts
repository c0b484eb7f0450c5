import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ValidationError, type Schema } from '@shared/yup';
import { MSG } from '@shared/messages';
import { HttpError } from '../errors';

/** yup's errors as `{field: first message}`, and the first message as the summary. */
export function toHttpError(error: ValidationError): HttpError {
  const fields: Record<string, string> = {};
  const all = error.inner.length ? error.inner : [error];
  for (const e of all) {
    const key = e.path || '_';
    if (!(key in fields)) fields[key] = e.message;
  }
  return new HttpError(400, all[0]?.message || MSG.validationFailed, fields);
}

/** Validates a value with a shared yup schema; unknown keys are dropped. Throws a 400 HttpError. */
export function validate<T>(schema: Schema<T>, value: unknown): T {
  try {
    return schema.validateSync(value, { abortEarly: false, stripUnknown: true });
  } catch (e) {
    if (e instanceof ValidationError) throw toHttpError(e);
    throw e;
  }
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
  const valid = new Map<string, unknown>();
  return (data: unknown) => {
    const key = paramsKey(data);
    if (key !== undefined && valid.has(key)) return { value: { ...(valid.get(key) as object) } };
    const result = check(data);
    if (key !== undefined && !result.error) {
      if (valid.size >= KEPT_PARAMS) valid.delete(valid.keys().next().value!);
      valid.set(key, { ...(result.value as object) });
    }
    return result;
  };
}

/** A key of a flat object of strings (what Fastify gives as params); undefined for anything else. */
function paramsKey(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  let key = '';
  for (const [name, value] of Object.entries(data)) {
    if (typeof value !== 'string') return undefined;
    key += `${name}\u0000${value}\u0000`;
  }
  return key;
}
