import type { ApiError } from '../shared/api/types';

/** An error the API answers as `{status, message, fields?}`; the message is Spanish and safe to show. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ApiError {
    return this.fields ? { status: this.status, message: this.message, fields: this.fields } : { status: this.status, message: this.message };
  }
}
