import type { AdminOrderDetail, AdminOrderRow } from './adminOrders';

// 'Mis pedidos del vendedor' (docs/sales-reps.md): the orders a sales rep placed and those of the customers in their
// scope, read-only, with the same states and timeline as the admin's order detail.
//
// GET /api/rep/orders — query (RepOrderListQuery in src/shared/schemas/repOrders.ts), all optional:
//   q              order number ('OC000011', '11'), the company's rut in any writing, card code or company name, contains
//   state          PROCESS | CONFIRMED | CANCELED | AWAITING_COMPANY_APPROVAL
//   from, to       creation date, 'YYYY-MM-DD', both included (Chilean days)
//   sort           the admin list's (src/shared/api/adminOrders.ts; default createdAt)
//   dir            asc | desc (default desc: newest first)
//   page, pageSize 0-based page, 1..100 rows (default 0, 20)
// → RepOrderList
//
// GET /api/rep/orders/:id — the order id (42) or its number (OC000042) → RepOrderDetail; an order the rep may not read is
// a 404, as a missing one.

/** An order as the rep's list shows it (the admin list's row). */
export type RepOrderRow = AdminOrderRow;

export interface RepOrderList {
  rows: RepOrderRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** One order's detail as the admin reads it, without what only the staff works with (the ERP jobs, the cheque photo). */
export type RepOrderDetail = Omit<AdminOrderDetail, 'jobs' | 'chequePhotoUrl'>;
