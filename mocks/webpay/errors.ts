// WebPay Plus REST error bodies: `{"error_message": "..."}` with the status codes of REST v1.2
// (400 malformed or missing field, 401 bad keys, 404 unknown token, 422 business rule / invalid value).
// The texts are the ones Transbank's integration environment answers (seen in the official SDKs' tests
// and issue trackers); where no public source gives the text, the README says so.

export class WebpayApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'WebpayApiError';
  }

  body(): { error_message: string } {
    return { error_message: this.message };
  }
}

export const WEBPAY_MESSAGES = {
  notAuthorized: 'Not Authorized',
  notFound: 'Transaction not found',
  invalidJson: 'Invalid JSON in the request body',
  /** Committing a token the payer has not finished paying (status '0'). */
  notPaid: "Invalid status '0' for transaction while authorizing. Commerce will be notified by webpay to authorize",
  /** Committing a token the payer aborted with "Anular" (status '10'). */
  aborted: "Invalid status '10' for transaction while authorizing. Commerce will be notified by webpay to authorize",
  /** Committing a token that is already committed (the internal status number is not public; '6' is this stand-in's). */
  alreadyCommitted: "Invalid status '6' for transaction while authorizing. Commerce will be notified by webpay to authorize",
  /** Committing a token whose form timed out, or that expired unused, or was reversed for want of a commit. */
  finishedAborted: 'Transaction has an invalid finished state: aborted',
  statusTooOld: 'The transactions date has passed max time (7 days) to recover the status',
  refundTooBig: 'Amount to refund is bigger than authorized',
  notRefundable: 'Transaction is not authorized and can not be refunded',
  injectedFault: 'Internal server error (injected fault)',
} as const;

export const required = (field: string): WebpayApiError => new WebpayApiError(400, `${field} is required!`);
export const invalidValue = (field: string): WebpayApiError => new WebpayApiError(422, `Invalid value for parameter: ${field}`);
export const businessError = (message: string): WebpayApiError => new WebpayApiError(422, message);
export const notFound = (): WebpayApiError => new WebpayApiError(404, WEBPAY_MESSAGES.notFound);
