// Khipu v3 error bodies. v3 does not document them; they are modelled on the v2 shape:
// `{status, message, errors?: [{field, message}]}` with the HTTP status of the v3 OpenAPI description
// (400 malformed / validation, 401 bad or missing x-api-key, 403 no privileges, 404 not found, 500).

export interface KhipuFieldError {
  field: string;
  message: string;
}

export interface KhipuErrorBody {
  status: number;
  message: string;
  errors?: KhipuFieldError[];
}

export class KhipuApiError extends Error {
  constructor(readonly status: number, message: string, readonly errors?: KhipuFieldError[]) {
    super(message);
    this.name = 'KhipuApiError';
  }

  body(): KhipuErrorBody {
    return this.errors ? { status: this.status, message: this.message, errors: this.errors } : { status: this.status, message: this.message };
  }
}

export const KHIPU_MESSAGES = {
  unauthorized: 'Credenciales no válidas o faltantes (x-api-key)',
  malformed: 'Solicitud mal formada',
  validation: 'Error de validación',
  notFound: 'Pago no encontrado',
  routeNotFound: 'Recurso no disponible',
  deleteNotPending: 'Solo se pueden borrar pagos pendientes',
  confirmNotDone: 'Solo se pueden confirmar pagos realizados',
  alreadyConfirmed: 'El pago ya fue confirmado',
  refundNotDone: 'Solo se pueden reembolsar pagos realizados y no rendidos',
  refundTooBig: 'El monto a reembolsar es mayor que el saldo del pago',
  injectedFault: 'Error interno del servidor (falla inyectada)',
} as const;

export const notFound = (): KhipuApiError => new KhipuApiError(404, KHIPU_MESSAGES.notFound);
export const badRequest = (message: string, errors?: KhipuFieldError[]): KhipuApiError => new KhipuApiError(400, message, errors);
