import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ValidationError, type Schema } from 'yup';
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
  app.setValidatorCompiler(({ schema }) => (data) => {
    try {
      return { value: validate(schema as Schema, data) };
    } catch (e) {
      return { error: e as Error };
    }
  });
});
