import type { MessageResponse } from '@shared/api/types';
import type { StockAlertCreated, StockAlertList } from '@shared/api/stockAlerts';
import { http, type RequestOptions } from '@client/api/http';

// 'Avísame cuando llegue' (docs/stock-alerts.md): the buyer's own alerts, for the company the session acts for.

export const fetchStockAlerts = (options?: RequestOptions) => http.get<StockAlertList>('/user/stock-alerts', options);

/** Twice for the same size answers the same alert; a size with stock is a 400. */
export const subscribeStockAlert = (sku: string, options?: RequestOptions) => http.post<StockAlertCreated>('/user/stock-alerts', { sku }, options);

export const removeStockAlert = (id: number, options?: RequestOptions) => http.delete<MessageResponse>(`/user/stock-alerts/${id}`, options);
