import type { NotificationRecipient } from '@shared/api/orders';
import type { CustomerRequest, PublicRecipient } from '@shared/api/customerRequest';
import type { MessageResponse } from '@shared/api/types';
import { HttpError, http, type RequestOptions } from '@client/api/http';

// The calls of the customer creation request (anonymous; also used logged in).

/**
 * The CREATION_USER recipient, or null when there is none (404). A visitor gets only that it exists (no address);
 * a logged-in caller gets the whole record.
 */
export async function findCreationRecipient(options?: RequestOptions): Promise<PublicRecipient | NotificationRecipient | null> {
  try {
    const recipient = await http.get<PublicRecipient | NotificationRecipient | undefined>('/user/sendmail/section/CREATION_USER', options);
    return recipient ?? null;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

/** 202 'Enviado correo a {brand}!!'; 404 when no recipient exists; 429 when one address sends too many. */
export const sendCustomerRequest = (body: CustomerRequest, options?: RequestOptions) => http.post<MessageResponse>('/user/sendmail', body, options);
