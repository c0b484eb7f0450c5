// Reorder (docs/ordering.md): the lines of an earlier order (a portal order, or a sales order in the ERP's purchase
// history) back in the buyer's cart in one bulk add, at today's prices and stock, answering what changed on each line.
import type { CartBulkLine, CartBulkResponse } from '@shared/api/cart';
import type { ReorderChange, ReorderLine, ReorderResponse } from '@shared/api/ordering';
import { arrivalDay, type IncomingStock } from '@shared/incoming';
import { fill } from '@shared/messages';
import { formatCLP, formatInteger } from '@shared/money';
import type { CartService } from '../cart/cart.service';
import type { Tx } from '../db/connect';
import type { ErpService } from '../erp/erp.service';
import { HttpError } from '../errors';
import type { OrderRepo } from '../orders/orders.repo';
import { ownOrder } from '../orders/ownership';
import type { SessionUser } from '../plugins/auth';
import type { CustomerDirectory } from '../profile/customers.service';

export const REORDER_MSG = {
  priceUp: 'El precio subió de {before} a {after}',
  priceDown: 'El precio bajó de {before} a {after}',
  short: 'Stock insuficiente: se agregaron {added} de {ordered}',
  noStock: 'Sin stock: no se agregó',
  noStockIncoming: 'Sin stock: no se agregó; llegan {incoming} el {date}',
  unavailable: 'Ya no se vende: no se agregó',
  summary: '{added} de {total} productos del pedido {reference} agregados al carro',
  summaryChanged: '{added} de {total} productos del pedido {reference} agregados al carro; {changed} con cambios',
  nothing: 'El pedido {reference} no tiene productos que se puedan volver a comprar',
} as const;

/** A line of the earlier order: a size, how many, and the unit price the buyer paid (net, after its discounts). */
interface EarlierLine {
  sku: string;
  name: string;
  size: string;
  quantity: number;
  /** Σ line totals, to give one unit price when the size is on several lines. */
  total: number | null;
}

/** The lines of one size added together, in the order first seen. */
function bySize(lines: readonly EarlierLine[]): EarlierLine[] {
  const merged = new Map<string, EarlierLine>();
  for (const line of lines) {
    if (!(line.quantity > 0) || !line.sku) continue;
    const key = line.sku.toUpperCase();
    const seen = merged.get(key);
    if (!seen) merged.set(key, { ...line });
    else {
      seen.quantity += line.quantity;
      seen.total = seen.total === null || line.total === null ? null : seen.total + line.total;
    }
  }
  return [...merged.values()];
}

function reorderLine(earlier: EarlierLine, added: CartBulkLine | undefined, incomingOf: (sku: string) => IncomingStock[]): ReorderLine {
  const previousUnitPrice = earlier.total === null ? null : Math.round(earlier.total / earlier.quantity);
  const unitPrice = added?.item && !added.item.unavailable ? added.item.priceFinalUnit : null;
  const changes: ReorderChange[] = [];
  const messages: string[] = [];
  const quantity = added?.quantity ?? 0;
  let incoming: IncomingStock[] = [];
  if (!added || added.reason === 'unknown' || added.reason === 'unavailable') {
    changes.push('unavailable');
    messages.push(REORDER_MSG.unavailable);
  } else if (quantity === 0) {
    changes.push(added.reason === 'overStock' ? 'short' : 'noStock');
    incoming = incomingOf(added.sku);
    const first = incoming[0];
    const noStock = first ? fill(REORDER_MSG.noStockIncoming, { incoming: formatInteger(first.cantidad), date: arrivalDay(first.fecha) }) : REORDER_MSG.noStock;
    messages.push(added.reason === 'overStock' ? added.message ?? noStock : noStock);
  } else if (quantity < earlier.quantity) {
    changes.push('short');
    messages.push(fill(REORDER_MSG.short, { added: formatInteger(quantity), ordered: formatInteger(earlier.quantity) }));
  }
  if (unitPrice !== null && previousUnitPrice !== null && unitPrice !== previousUnitPrice) {
    const up = unitPrice > previousUnitPrice;
    changes.push(up ? 'priceUp' : 'priceDown');
    messages.push(fill(up ? REORDER_MSG.priceUp : REORDER_MSG.priceDown, { before: formatCLP(previousUnitPrice), after: formatCLP(unitPrice) }));
  }
  return {
    sku: added?.sku ?? earlier.sku,
    name: added?.item?.name || earlier.name,
    size: added?.item?.size || earlier.size,
    ordered: earlier.quantity,
    added: quantity,
    previousUnitPrice,
    unitPrice,
    changes,
    message: messages.join('. '),
    ...(incoming.length ? { porLlegar: incoming } : {}),
  };
}

/** Runs last in the reorder's cart transaction with its answer: what it writes commits with the add. */
export type ReorderAddedHook = (tx: Tx, answer: ReorderResponse) => Promise<void>;

export interface ReorderDeps {
  cart: CartService;
  orders: OrderRepo;
  erp: ErpService;
  customers: CustomerDirectory;
}

export class ReorderService {
  constructor(private readonly deps: ReorderDeps) {}

  /** POST /user/orders/{id}/reorder: one of the buyer's portal orders, whatever its state. */
  async fromPortalOrder(user: SessionUser, id: number, onAdded?: ReorderAddedHook): Promise<ReorderResponse> {
    const found = ownOrder(user, await this.deps.orders.withLines(id));
    const lines = found.lines.map((l) => ({ sku: l.sku, name: l.name, size: l.size, quantity: l.quantity, total: l.priceFinal }));
    return this.reorder(user, found.order.purchaseOrderNumber ?? String(id), lines, onAdded);
  }

  /** POST /user/b1/purchase-history/{docEntry}/reorder: one of the buyer's sales orders in the ERP. */
  async fromErpOrder(user: SessionUser, docEntry: number, onAdded?: ReorderAddedHook): Promise<ReorderResponse> {
    const cardCode = await this.deps.customers.cardCodeOf(user);
    const { docNum, lines } = await this.deps.erp.salesOrderToReorder(docEntry, cardCode);
    return this.reorder(
      user,
      String(docNum),
      lines.map((l) => ({ sku: l.itemCode, name: l.descripcion, size: '', quantity: l.cantidad, total: l.totalNeto })),
      onAdded,
    );
  }

  private async reorder(user: SessionUser, reference: string, earlier: readonly EarlierLine[], onAdded?: ReorderAddedHook): Promise<ReorderResponse> {
    const wanted = bySize(earlier);
    if (wanted.length === 0) throw new HttpError(409, fill(REORDER_MSG.nothing, { reference }));
    // the same rules and prices as any add (blocked buyer refused whole), stock clamped: the bulk path; onAdded gets
    // the answer inside the add's transaction
    const request = { items: wanted.map((w) => ({ sku: w.sku, quantity: w.quantity })), clampToStock: true };
    const incomingOf = (sku: string) => this.deps.erp.incomingOf(sku);
    const cart = await this.deps.cart.addMany(user, request, onAdded && ((tx, added) => onAdded(tx, reorderAnswer(reference, wanted, added, incomingOf))));
    return reorderAnswer(reference, wanted, cart, incomingOf);
  }
}

/** What a reorder answers: each earlier line against what the bulk add did with it, and the summary. */
function reorderAnswer(reference: string, wanted: readonly EarlierLine[], cart: CartBulkResponse, incomingOf: (sku: string) => IncomingStock[]): ReorderResponse {
  const results = new Map(cart.lines.map((line) => [line.sku.toUpperCase(), line]));
  const lines = wanted.map((w, i) => reorderLine(w, results.get(w.sku.toUpperCase()) ?? cart.lines[i], incomingOf));
  const added = lines.filter((l) => l.added > 0).length;
  const changed = lines.filter((l) => l.changes.length > 0).length;
  const values = { added, total: lines.length, reference, changed };
  const message = added === 0 ? fill(REORDER_MSG.nothing, { reference }) : fill(changed ? REORDER_MSG.summaryChanged : REORDER_MSG.summary, values);
  return { reference, lines, added, changed, count: cart.count, message, cart };
}
