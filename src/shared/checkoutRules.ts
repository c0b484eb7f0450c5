import type { CustomerProfile, InvoiceAddress } from './api/erp';

// R-CHK-3: what a buyer's ERP profile allows at checkout. The order summary offers what these allow, and the
// server refuses an order that asks for anything else.

/** Cheque only for a buyer whose payment condition (condpago) is 'Cheque'. */
export const chequeAllowed = (profile: Pick<CustomerProfile, 'condpago'> | null): boolean => profile?.condpago.trim().toLowerCase() === 'cheque';

/** The credit line is offered only with a credit limit above 0. */
export const creditAllowed = (profile: Pick<CustomerProfile, 'limitecred'> | null): boolean => (profile?.limitecred ?? 0) > 0;

/** A credit-line sale needs the available credit to cover the order's total. */
export const creditCovers = (limit: number, total: number): boolean => limit >= total;

/** The billing address an order goes to: the default one (predeterminado 'Y'), or null when there is none. */
export const defaultInvoiceAddress = (profile: Pick<CustomerProfile, 'factura'> | null): InvoiceAddress | null =>
  profile?.factura.find((f) => f.predeterminado === 'Y') ?? null;
