import type { Order } from '@shared/api/orders';

/**
 * What Mis pedidos reads of an order with pre-order lines besides its lines' dates (docs/incoming.md): how it ships
 * and whether the ERP moved a date, the portal order's own fields (`Order`). Optional: shown when the buyer's order
 * API sends them.
 */
export type IncomingOrderFields = Partial<Pick<Order, 'envioPorLlegar' | 'porLlegarMovido'>>;

export const incomingOf = (order: object): IncomingOrderFields => order as IncomingOrderFields;
