import type { OrderSubmissionResponse } from '@shared/api/orders';
import type { MessageResponse } from '@shared/api/types';
import { http, type RequestOptions } from './http';

// A credit-line or cheque sale sent to the ERP, and a cheque's photo: the order summary's flows and 'Pagar' of Mis
// pedidos (an order the company approved) call the same server routes.

export const submitSalesOrder = (orderReference: string, options?: RequestOptions) => http.post<OrderSubmissionResponse>('/user/b1/ov', { orderReference }, options);

/** Multipart: the server takes the company data from the ERP and mails the photo to the CHEQUE recipient. */
export function payCheque(numberOrder: string, photo: File, options?: RequestOptions) {
  const form = new FormData();
  form.append('numberOrder', numberOrder);
  form.append('fileName', photo.name);
  form.append('chequeImgFile', photo, photo.name);
  return http.post<MessageResponse>('/user/pay-cheque', form, options);
}
