// Service Layer (v1) error bodies: {"error":{"code":<n>,"message":{"lang":"en-us","value":"..."}}}.

export class B1Error extends Error {
  constructor(readonly status: number, readonly code: number, message: string) {
    super(message);
    this.name = 'B1Error';
  }

  body(): B1ErrorBody {
    return errorBody(this.code, this.message);
  }
}

export interface B1ErrorBody { error: { code: number; message: { lang: string; value: string } } }

export function errorBody(code: number, value: string): B1ErrorBody {
  return { error: { code, message: { lang: 'en-us', value } } };
}

export const INVALID_SESSION = 'Invalid session or session already timeout.';

export const sessionError = (): B1Error => new B1Error(401, 301, INVALID_SESSION);
/**
 * -2028, 404: a key that does not exist. Also what SL answers to a POST that an approval procedure turned into a
 * Draft: the document was added (as a Draft), but no object of the posted set can be read back.
 */
export const notFound = (): B1Error => new B1Error(404, -2028, 'No matching records found (ODBC -2028)');
/** -10, 400: a business rule refused the request. */
export const businessError = (message: string): B1Error => new B1Error(400, -10, message);
/** -5006, 400: the object does not support the action (e.g. DELETE of a document). */
export const notSupported = (): B1Error => new B1Error(400, -5006, 'The requested action is not supported for this object.');
/** -2035, 400: a duplicate key on creation. */
export const duplicateKey = (): B1Error => new B1Error(400, -2035, 'This entry already exists in the following tables (ODBC -2035)');
/** -1000, 400: malformed request (query options, JSON body, property names). */
export const badRequest = (message: string): B1Error => new B1Error(400, -1000, message);
