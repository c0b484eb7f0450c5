import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { ValidationError } from '@shared/yup';
import { HttpError } from '../errors';
import { ErpError, isErpDown } from '../erp/errors';
import { toHttpError } from './validation';
import { SERVER_MSG } from '../messages';

/**
 * The framework's own client errors (bad JSON, too large, wrong type, a URL that does not decode…) in Spanish, with
 * the status the portal answers: the plugin's own, except a body that is not multipart (the multipart plugin says
 * 406, which is about the answer's type; the request's type is 415, as for any other unsupported body).
 */
const FRAMEWORK_ERRORS: Record<string, { message: string; status?: number }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { message: 'El cuerpo de la solicitud no es JSON válido' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { message: 'El cuerpo de la solicitud está vacío' },
  FST_ERR_CTP_BODY_TOO_LARGE: { message: SERVER_MSG.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { message: 'Tipo de contenido no soportado' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { message: 'Largo de contenido inválido' },
  FST_ERR_BAD_URL: { message: 'La dirección de la solicitud no es válida', status: 400 },
  FST_ERR_MAX_PARAM_LENGTH: { message: 'La dirección de la solicitud es demasiado larga', status: 414 },
  FST_REQ_FILE_TOO_LARGE: { message: SERVER_MSG.bodyTooLarge },
  FST_PARTS_LIMIT: { message: 'La solicitud tiene demasiadas partes' },
  FST_FIELDS_LIMIT: { message: 'La solicitud tiene demasiadas partes' },
  FST_FILES_LIMIT: { message: 'La solicitud tiene demasiados archivos' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { message: 'La solicitud debe ser multipart/form-data', status: 415 },
};

/** A framework error the portal words itself, or undefined. */
export function frameworkError(error: { code?: string; statusCode?: number }): HttpError | undefined {
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  return known && new HttpError(known.status ?? error.statusCode ?? 400, known.message);
}

export function errorBody(error: FastifyError | Error): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof ValidationError) return toHttpError(error);
  // `code` lets the SPA word an unreachable ERP for the buyer (what happened, what to do, that nothing was lost)
  if (error instanceof ErpError) return new HttpError(error.status, error.message, undefined, isErpDown(error) ? { code: 'ERP_UNAVAILABLE' } : undefined);
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof ValidationError) return toHttpError(cause);
  const fe = error as FastifyError;
  const status = fe.statusCode ?? 500;
  if (status === 429) return new HttpError(429, SERVER_MSG.tooManyAttempts);
  if (status >= 400 && status < 500) return frameworkError(fe) ?? new HttpError(status, fe.validation ? SERVER_MSG.validationFailed : 'Solicitud inválida');
  return new HttpError(500, SERVER_MSG.serverError);
}

/**
 * Fastify's `frameworkErrors`: a URL that does not decode or a path parameter too long for the router is answered
 * before any route (and its error handler) is found; the same `{status, message}` in Spanish as every other error.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, request, reply) => {
  const http = errorBody(error);
  request.log.info({ status: http.status, reason: http.message }, 'solicitud rechazada');
  void (reply as FastifyReply).status(http.status).send(http.toBody());
};

/** Node's HTTP parser refuses a request before Fastify sees it: what the portal answers, by the parser's code. */
function clientErrorAnswer(code: string | undefined): { status: number; message: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'La solicitud tardó demasiado en llegar' };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: 'Los encabezados de la solicitud son demasiado grandes' };
  return { status: 400, message: 'La solicitud HTTP está mal formada' };
}

/**
 * Fastify's `clientErrorHandler`: the parser's refusals (headers too large, a malformed request line or header, a
 * request that never finished arriving) in Spanish, written on the socket as Fastify's own handler does, which then
 * closes it. A connection the client reset has nothing to answer.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = clientErrorAnswer(error.code);
  const body = JSON.stringify(new HttpError(status, message).toBody());
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
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
