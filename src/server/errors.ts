import type { ApiError } from '../shared/api/types';

/** What an error body may carry besides status, message and fields. */
export type HttpErrorDetails = Pick<ApiError, 'code' | 'order' | 'approval'>;

/** An error the API answers as `{status, message, fields?, code?, order?}`; the message is Spanish and safe to show. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly details?: HttpErrorDetails,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ApiError {
    return {
      status: this.status,
      message: this.message,
      ...(this.fields ? { fields: this.fields } : {}),
      ...(this.details?.code ? { code: this.details.code } : {}),
      ...(this.details?.order ? { order: this.details.order } : {}),
      ...(this.details?.approval ? { approval: this.details.approval } : {}),
    };
  }
}
