import type { RepCustomerList, RepresentResponse } from '@shared/api/reps';
import { http, type RequestOptions } from '@client/api/http';
import { fetchListPage, type ListQuery } from '@client/api/lists';

// The sales reps' own calls (docs/sales-reps.md): 'Mis clientes' page by page, and starting and ending representing a
// customer (each answers the session's new token).

export const fetchRepCustomers = (query: ListQuery, options?: RequestOptions) => fetchListPage<RepCustomerList>('/rep/customers', query, options);

export const representCustomer = (cardCode: string, options?: RequestOptions) =>
  http.post<RepresentResponse>(`/rep/represent/${encodeURIComponent(cardCode)}`, {}, options);

export const endRepresentation = (options?: RequestOptions) => http.post<RepresentResponse>('/rep/represent/end', {}, options);
