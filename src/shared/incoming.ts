import { addDays, nextWorkingDay } from './workingDays';

// Stock por llegar (docs/incoming.md): what the wholesaler's open purchase orders bring, by date, less what is already
// promised against it. One rule for the catalogue, the product detail, the quick order and the order's own check.

/** Units of a size arriving on one date that are still free to promise. */
export interface IncomingStock {
  /** 'YYYY-MM-DD': when they are expected (a late purchase: the next working day). */
  fecha: string;
  cantidad: number;
}

/** The dated open purchase-order quantities of a size, as [date, quantity] in date order (the ERP's lines merged per date). */
export type Arrivals = readonly (readonly [date: string, quantity: number])[];

export interface IncomingFigures {
  /** Units on open purchase orders (B1's Ordered); the dated lines are cut to it from their latest date. */
  ordered: number;
  /** Units sold beyond the stock on hand (Committed − InStock, when positive): served from the first arrivals. */
  backlog: number;
  /** Units the portal has promised on orders the ERP does not hold yet: served next. */
  promised?: number;
  /** Today in Chile ('YYYY-MM-DD'). */
  today: string;
}

/**
 * The arrivals of a size still free to promise, earliest first: the dated lines (cut to `ordered` from the latest
 * date, when the ERP's total is lower: a line received or cut since the dates were read), a late line moved to the
 * next working day, then the backlog and the portal's own promises taken from the earliest dates.
 */
export function freeIncoming(arrivals: Arrivals | undefined, figures: IncomingFigures): IncomingStock[] {
  if (!arrivals || arrivals.length === 0) return [];
  const firstDay = nextWorkingDay(addDays(figures.today, 1));
  const byDate = new Map<string, number>();
  for (const [date, quantity] of arrivals) {
    const day = date < firstDay ? firstDay : date;
    byDate.set(day, (byDate.get(day) ?? 0) + Math.max(0, quantity));
  }
  const dated = [...byDate].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // cut to what the ERP says is on order, latest first
  let excess = dated.reduce((sum, [, q]) => sum + q, 0) - Math.max(0, figures.ordered);
  for (let i = dated.length - 1; i >= 0 && excess > 0; i--) {
    const cut = Math.min(excess, dated[i]![1]);
    dated[i] = [dated[i]![0], dated[i]![1] - cut];
    excess -= cut;
  }
  // what is already sold from the incoming goods, earliest first
  let taken = Math.max(0, figures.backlog) + Math.max(0, figures.promised ?? 0);
  const free: IncomingStock[] = [];
  for (const [fecha, quantity] of dated) {
    const used = Math.min(taken, quantity);
    taken -= used;
    if (quantity - used > 0) free.push({ fecha, cantidad: quantity - used });
  }
  return free;
}

/** Units of `incoming` arriving by `date` (inclusive): what an order shipping on that date may take. */
export function incomingBy(incoming: readonly IncomingStock[], date: string): number {
  return incoming.reduce((sum, i) => (i.fecha <= date ? sum + i.cantidad : sum), 0);
}

/** The date by which `quantity` units of `incoming` have arrived (what a pre-order line of that quantity is promised), or undefined. */
export function arrivalCovering(incoming: readonly IncomingStock[], quantity: number): string | undefined {
  let arrived = 0;
  for (const i of incoming) {
    arrived += i.cantidad;
    if (arrived >= quantity) return i.fecha;
  }
  return undefined;
}

/** Every unit of `incoming`. */
export const incomingTotal = (incoming: readonly IncomingStock[]): number => incoming.reduce((sum, i) => sum + i.cantidad, 0);

/** A catalogue row with units on their way (the lists' 'Por llegar' filter and chip). */
export const hasIncoming = (item: { porLlegar?: number }) => (item.porLlegar ?? 0) > 0;

/** A style whose stock is only incoming: nothing on hand, something arriving ('Próxima temporada', the line sheet's TEMPORADA). */
export const onlyIncoming = (item: { stock: number; porLlegar?: number }) => item.stock === 0 && hasIncoming(item);

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'];

/**
 * '15-ene': how a cell, a chip and a mail show an arrival date. Within the next eleven months the day and month say
 * which date it is; a date further away (or already past) carries its year: '15-ene-2028'.
 */
export function arrivalDay(iso: string, today?: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const day = `${Number(m[3])}-${MONTHS[Number(m[2]) - 1]}`;
  return today && (iso < today || iso > addDays(today, 330)) ? `${day}-${m[1]}` : day;
}

/** How the portal speaks of incoming stock and pre-orders (SPA, server answers and mails). */
export const INCOMING_TEXTS = {
  /** The list's chip and filter, the cart's section. */
  chip: 'Por llegar',
  /** A style card of the list: the first arrival. */
  chipDate: 'Por llegar · {date}',
  /** A cell of the colour × size grid, under its stock: the first arrival. */
  cell: 'llegan {quantity} · {date}',
  /** The product detail's size table, one per date. */
  detail: 'Llegan {quantity} el {date}',
  /** The catalogue's entry of styles whose stock is only incoming, and its heading. */
  season: 'Próxima temporada',
  seasonIntro: 'Estilos que aún no llegan: resérvalos ahora y se despachan al llegar.',
  seasonEmpty: 'No hay estilos por llegar en este momento.',
  /** A season style's arrival window. */
  window: 'Llega entre el {from} y el {to}',
  windowOne: 'Llega el {date}',
  /** The action on a size with incoming stock, and what was added. */
  add: 'Pedir por llegar',
  added: 'Se agregaron {quantity} por llegar de {name} talla {size} (llegan el {date})',
  /** The quick order: a line without stock that has incoming stock. */
  askPreorder: '¿Pedir por llegar?',
  /** The cart and the order summary. */
  sectionNow: 'Disponible ahora',
  sectionIncoming: 'Por llegar',
  lineDate: 'Llega el {date}',
  /** The checkout's choice for an order with incoming lines. */
  shippingLabel: 'Despacho de lo que está por llegar',
  shippingTogether: 'Todo junto, cuando llegue lo último ({date})',
  shippingPartial: 'Lo disponible ahora, y el resto a medida que llegue',
  /** Why card and transfer are not offered for such an order (docs/decisions.md). */
  paymentOnInvoice:
    'Los pedidos con productos por llegar se pagan al facturar cada despacho (desde Facturas pendientes o a crédito): elige crédito, cheque o reserva.',
  /** The order summary without a shipping choice for its incoming lines (the form and POST /orders). */
  shippingRequired: 'Elige cómo despachar lo que está por llegar: todo junto o lo disponible ahora',
  /** The pre-order dialog of the product detail (a size's incoming units, up to what arrives). */
  addOf: 'Pedir por llegar {name} talla {size}',
  addTitle: 'Pedir por llegar: {name} talla {size}',
  quantity: 'Cantidad por llegar',
  quantityMax: 'Hasta {quantity} unidades',
  aboveIncoming: 'Solo llegan {quantity} unidades de esta talla',
  cancel: 'Cancelar',
  adding: 'Agregando por llegar…',
  /** A line the quick order or the reorder put in the cart as a pre-order. */
  preordered: 'Agregado por llegar',
  /** A cart line's accessible name: a size may have an on-hand line and a pre-order line. */
  lineSuffix: '(por llegar)',
  /** Mis pedidos: a pre-order line whose purchase order moved in the ERP, and the list's mark of such an order. */
  moved: 'Cambió la fecha de llegada: ahora llega el {date}',
  movedNoDate: 'Sin fecha: te contactaremos',
  movedMark: 'Llegada cambiada',
  /** An order's lines table: the column of the pre-order lines' dates; the order's choice said without a date. */
  arrivalColumn: 'Llegada',
  shippingTogetherShort: 'Todo junto, cuando llegue lo último',
} as const;

/** How an order with incoming lines is shipped: all together when the last line arrives, or what there is now first. */
export const INCOMING_SHIPPING = ['JUNTO', 'PARCIAL'] as const;
export type IncomingShipping = (typeof INCOMING_SHIPPING)[number];
