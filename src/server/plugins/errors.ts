import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ValidationError } from 'yup';
import { MSG } from '@shared/messages';
import { HttpError } from '../errors';
import { ErpError, isErpDown } from '../erp/errors';
import { toHttpError } from './validation';

/** Spanish texts for the framework's own client errors (bad JSON, too large, wrong type…). */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'El cuerpo de la solicitud no es JSON válido',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'El cuerpo de la solicitud está vacío',
  FST_ERR_CTP_BODY_TOO_LARGE: MSG.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de contenido no soportado',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Largo de contenido inválido',
  FST_REQ_FILE_TOO_LARGE: MSG.bodyTooLarge,
  FST_PARTS_LIMIT: 'La solicitud tiene demasiadas partes',
  FST_FILES_LIMIT: 'La solicitud tiene demasiados archivos',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'La solicitud debe ser multipart/form-data',
};

export function errorBody(error: FastifyError | Error): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof ValidationError) return toHttpError(error);
  // `code` lets the SPA word an unreachable ERP for the buyer (what happened, what to do, that nothing was lost)
  if (error instanceof ErpError) return new HttpError(error.status, error.message, undefined, isErpDown(error) ? { code: 'ERP_UNAVAILABLE' } : undefined);
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof ValidationError) return toHttpError(cause);
  const fe = error as FastifyError;
  const status = fe.statusCode ?? 500;
  if (status === 429) return new HttpError(429, MSG.tooManyAttempts);
  if (status >= 400 && status < 500) {
    const message = (fe.code && FRAMEWORK_MESSAGES[fe.code]) || (fe.validation ? MSG.validationFailed : 'Solicitud inválida');
    return new HttpError(status, message);
  }
  return new HttpError(500, MSG.serverError);
}

/** One error handler: `{status, message, fields?}` in Spanish; a 500 never carries internals. */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const http = errorBody(error);
    if (error instanceof ErpError) request.log.warn({ code: error.code, erpCode: error.erpCode, erpMessage: error.erpMessage }, 'error del ERP');
    else if (http.status >= 500) request.log.error({ err: error, reqId: request.id }, 'error no controlado');
    else request.log.info({ status: http.status, reason: http.message }, 'solicitud rechazada');
    return reply.status(http.status).send(http.toBody());
  });
});
