import type { CartBulkResponse } from '@shared/api/cart';
import type { MessageResponse } from '@shared/api/types';
import type { SavedList, SavedListDetail, SavedListList, SavedListStyleAdded } from '@shared/api/savedLists';
import { http, type RequestOptions } from '@client/api/http';
import { withIdempotencyKey } from '@client/api/idempotency';

// The buyer's saved lists (docs/saved-lists.md): /api/user/saved-lists.

export const fetchSavedLists = (options?: RequestOptions) => http.get<SavedListList>('/user/saved-lists', options);

export const createSavedList = (name: string, options?: RequestOptions) => http.post<SavedList>('/user/saved-lists', { name }, options);

/** A new name, sharing on or off (the owner only). */
export const changeSavedList = (id: number, changes: { name?: string; shared?: boolean }, options?: RequestOptions) =>
  http.patch<SavedList>(`/user/saved-lists/${id}`, changes, options);

export const deleteSavedList = (id: number, options?: RequestOptions) => http.delete<MessageResponse>(`/user/saved-lists/${id}`, options);

/** A list with its styles priced for the buyer now. */
export const fetchSavedList = (id: number, options?: RequestOptions) => http.get<SavedListDetail>(`/user/saved-lists/${id}`, options);

export const addStyleToList = (id: number, style: string, options?: RequestOptions) =>
  http.post<SavedListStyleAdded>(`/user/saved-lists/${id}/styles`, { style }, options);

export const removeStyleFromList = (id: number, style: string, options?: RequestOptions) =>
  http.delete<MessageResponse>(`/user/saved-lists/${id}/styles/${encodeURIComponent(style)}`, options);

export const setListQuantities = (id: number, style: string, quantities: { sku: string; quantity: number }[], options?: RequestOptions) =>
  http.put<MessageResponse>(`/user/saved-lists/${id}/styles/${encodeURIComponent(style)}`, { quantities }, options);

/** 'Agregar al carro': one bulk add of the list's quantities; the key is the action's (docs/exactly-once.md). */
export const savedListToCart = (id: number, idempotencyKey: string, options?: RequestOptions) =>
  http.post<CartBulkResponse>(`/user/saved-lists/${id}/to-cart`, {}, { ...options, ...withIdempotencyKey(idempotencyKey) });
