// The portal's copy of the ERP's sellable items, the source of the catalogue snapshot (docs/architecture.md,
// catalogue). A full read now and then (every item, in parallel pages) and, between them, a read of only the items
// whose change stamp (UpdateDate/UpdateTime) moved since the newest stamp already seen, merged into the copy. The open
// purchase orders are read alongside, the same way, and give each size its dated arrivals (docs/incoming.md).
import type { B1Item } from './b1Types';
import { B1_FIELDS, CATALOGUE_ITEM_SELECT, SELLABLE_ITEMS_FILTER, changeStamp, isSellable, toItemRecord, type ItemRecord } from './mapping';
import { literal } from './odata';
import { IncomingIndex, OPEN_PURCHASE_ORDERS_FILTER, PURCHASE_ORDER_SELECT } from './purchaseOrders';
import type { B1Document } from './b1Types';
import type { ServiceLayerClient } from './serviceLayer';

export interface ItemMirrorOptions {
  /** Rows per page asked of the ERP (it may answer fewer). Default 1000. */
  pageSize?: number;
  /** Pages read at once. Default 6. */
  concurrency?: number;
  /**
   * A full read at least this often (default 5 minutes): the only way to see items deleted in the ERP, and stock
   * moved by documents, which does not move an item's change stamp.
   */
  fullReloadMs?: number;
  /**
   * A read by change asks for stamps from this long before the newest stamp seen (default 5 minutes), so a change
   * committed late with an earlier stamp, or stamped by a clock a little behind, is still read. Rows read twice are
   * merged once.
   */
  overlapMs?: number;
  now?: () => number;
}

/** The items as of one read. */
export interface ItemSet {
  /**
   * Sellable items, one per size, in ItemCode order, with the catalogue's fields only (`name`, `technologies` and the
   * long texts are empty: the product detail reads them per style). The same array until a read changes something.
   */
  records: readonly ItemRecord[];
  /** Changes when `records` changes. */
  version: number;
  /**
   * When (portal clock) the last successful read started: every change of master data the ERP had committed by then,
   * as far as its change stamps tell, is in `records`.
   */
  readAt: number;
  /** When the last full read started: stock figures of items not changed since, and deletions, are as of then. */
  fullAt: number;
  /** How the last read went: 'full', or 'delta' with how many changed rows it merged. */
  last: { kind: 'full' | 'delta'; rows: number; ms: number };
}

/** Where the catalogue's items come from: this process's own reads of the ERP, or the cluster's one reader's. */
export interface ItemSource {
  /** The items as of the last read, without asking anything; undefined before the first. */
  current(): ItemSet | undefined;
  /** The items now (see ItemMirror.sync). */
  sync(): Promise<ItemSet>;
  /** The items with the ERP's changes since the last read merged in (see ItemMirror.syncChanges). */
  syncChanges(): Promise<ItemSet>;
}

/** Items read elsewhere (another instance's read of the ERP), merged into a mirror by `ItemMirror.apply`. */
export interface ItemChanges {
  /** Records added or changed. */
  upserts: readonly ItemRecord[];
  /** ItemCodes no longer sold. */
  deletes: readonly string[];
  /** The newest ERP change stamp that read saw. */
  newest: string;
  readAt: number;
  fullAt: number;
  last: ItemSet['last'];
}

const F = B1_FIELDS.itemChange;
const NO_TECHNOLOGIES: string[] = [];

/**
 * A record as the catalogue keeps it: without the fields it does not use, its repeated texts (style, category, colour,
 * size…) shared through `strings`, so 100k items take a fraction of the memory of the rows they came from.
 */
function compact(row: B1Item, strings: Map<string, string>): ItemRecord {
  const { model, ...r } = toItemRecord(row);
  // the model kept only when it is not the style itself (a style sold in one colour): the grid's colours (docs/size-grid.md)
  return shared({ ...r, name: '', technologies: NO_TECHNOLOGIES, longDescription: '', specification: '', ...(model && model !== r.style ? { model } : {}) }, strings);
}

/** A record with its repeated texts shared through `strings` (see compact), whether read here or elsewhere. */
function shared({ model, ...r }: ItemRecord, strings: Map<string, string>): ItemRecord {
  const intern = (text: string): string => {
    const kept = strings.get(text);
    if (kept !== undefined) return kept;
    strings.set(text, text);
    return text;
  };
  return {
    ...r,
    style: intern(r.style),
    styleName: intern(r.styleName),
    size: intern(r.size),
    colour: intern(r.colour),
    ...(model ? { model: intern(model) } : {}),
    gender: intern(r.gender),
    category: intern(r.category),
    subcategory: intern(r.subcategory),
    level3: intern(r.level3),
    technologies: r.technologies.length ? r.technologies : NO_TECHNOLOGIES,
  };
}

const codeOrder = (a: string, b: string): number => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
};

/** 'YYYY-MM-DD HH:MM:SS' (or a date) moved back `ms`, in the same form. */
function stampMinus(stamp: string, ms: number): string {
  const [date, time = '00:00:00'] = stamp.split(' ');
  const moved = new Date(new Date(`${date}T${time}Z`).getTime() - ms).toISOString();
  return stamp.includes(' ') ? `${moved.slice(0, 10)} ${moved.slice(11, 19)}` : moved.slice(0, 10);
}

/** `$filter` of the items stamped at or after `stamp`. */
export function changedSince(stamp: string): string {
  const [date, time] = stamp.split(' ');
  if (!time || !F.time) return `${F.date} ge ${literal(date)}`;
  return `${F.date} gt ${literal(date)} or (${F.date} eq ${literal(date)} and ${F.time} ge ${literal(time)})`;
}

export class ItemMirror implements ItemSource {
  private readonly pageSize: number;
  private readonly concurrency: number;
  private readonly fullReloadMs: number;
  private readonly overlapMs: number;
  private readonly now: () => number;
  private items = new Map<string, ItemRecord>();
  /** The texts records share (see compact); renewed by each full read. */
  private strings = new Map<string, string>();
  /** Newest change stamp seen, '' when the ERP gives none (then every read is a full one). */
  private newest = '';
  private state?: ItemSet;
  private inFlight?: Promise<ItemSet>;
  /** The open purchase orders as last read, and what they bring per ItemCode. */
  private readonly incoming = new IncomingIndex();
  /** Whether this mirror has read the purchase orders itself (a follower of the cluster's reader gets arrivals with records). */
  private purchasesRead = false;

  constructor(
    private readonly sl: ServiceLayerClient,
    options: ItemMirrorOptions = {},
  ) {
    this.pageSize = options.pageSize ?? 1000;
    this.concurrency = options.concurrency ?? 6;
    this.fullReloadMs = options.fullReloadMs ?? 5 * 60_000;
    this.overlapMs = options.overlapMs ?? 5 * 60_000;
    this.now = options.now ?? Date.now;
  }

  /** The items as of the last successful read, without asking the ERP; undefined before the first. */
  current(): ItemSet | undefined {
    return this.state;
  }

  /**
   * Reads the ERP now (a full read when one is due, otherwise by change) and answers the merged items. Concurrent
   * callers share one read; a failed read leaves the copy as it was.
   */
  sync(): Promise<ItemSet> {
    this.inFlight ??= this.read().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  /**
   * Reads only the items whose change stamp moved since the last read (never a full read once there is a copy), for a
   * caller about to price from the copy: a price changed in the ERP since the last read is then in it. Shares a read
   * in flight; before the first read it is `sync()`.
   */
  syncChanges(): Promise<ItemSet> {
    if (this.inFlight) return this.inFlight;
    const state = this.state;
    if (!state || !this.newest) return this.sync();
    this.inFlight = this.deltaRead(state, this.purchasesRead).finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  /** The newest ERP change stamp seen ('' before the first read, or when the ERP gives none). */
  newestStamp(): string {
    return this.newest;
  }

  /**
   * Merges items another reader read (the cluster's catalogue reader, docs/scale-out.md) as if this mirror had read
   * them: its next read by change starts from their stamp. The answer's version moves only if a record changed.
   */
  apply(changes: ItemChanges): ItemSet {
    let changed = false;
    let added = false;
    for (const code of changes.deletes) changed = this.items.delete(code) || changed;
    for (const record of changes.upserts) {
      const before = this.items.get(record.itemCode);
      if (before && sameRecord(before, record)) continue;
      if (!before) added = true;
      this.items.set(record.itemCode, shared(record, this.strings));
      changed = true;
    }
    if (added) this.items = new Map([...this.items].sort(([a], [b]) => codeOrder(a, b)));
    if (changes.newest > this.newest) this.newest = changes.newest;
    const state = this.state;
    this.state = {
      records: changed || !state ? [...this.items.values()] : state.records,
      version: (state?.version ?? 0) + (changed || !state ? 1 : 0),
      readAt: Math.max(changes.readAt, state?.readAt ?? 0),
      fullAt: Math.max(changes.fullAt, state?.fullAt ?? 0),
      last: changes.last,
    };
    return this.state;
  }

  private read(): Promise<ItemSet> {
    const state = this.state;
    const full = !state || !this.newest || this.now() - state.fullAt >= this.fullReloadMs;
    return full ? this.fullRead() : this.deltaRead(state, true);
  }

  private async fullRead(): Promise<ItemSet> {
    const startedAt = this.now();
    const [rows, purchases] = await Promise.all([
      this.sl.getAll<B1Item>(
        'Items',
        { select: CATALOGUE_ITEM_SELECT, filter: SELLABLE_ITEMS_FILTER, orderby: 'ItemCode' },
        { pageSize: this.pageSize, concurrency: this.concurrency },
      ),
      this.readPurchases(OPEN_PURCHASE_ORDERS_FILTER),
    ]);
    this.incoming.replaceAll(purchases);
    this.purchasesRead = true;
    const items = new Map<string, ItemRecord>();
    const strings = new Map<string, string>();
    let newest = '';
    for (const row of rows) {
      const stamp = changeStamp(row);
      if (stamp > newest) newest = stamp;
      items.set(row.ItemCode, this.withArrivals(compact(row, strings))); // a row repeated at a page boundary is kept once
    }
    this.items = items;
    this.strings = strings;
    this.newest = newest;
    const records = [...items.values()];
    this.state = {
      records,
      version: (this.state?.version ?? 0) + 1,
      readAt: startedAt,
      fullAt: startedAt,
      last: { kind: 'full', rows: records.length, ms: this.now() - startedAt },
    };
    return this.state;
  }

  /**
   * Reads the items changed since the newest stamp seen and, with `purchases`, the purchase orders changed since theirs
   * (all of them when never read), and merges both: an item whose arrivals moved is a changed record too.
   */
  private async deltaRead(state: ItemSet, purchases: boolean): Promise<ItemSet> {
    const startedAt = this.now();
    const purchaseFilter = !purchases ? undefined : this.incoming.newest ? changedSince(stampMinus(this.incoming.newest, this.overlapMs)) : OPEN_PURCHASE_ORDERS_FILTER;
    const [rows, docs] = await Promise.all([
      this.sl.getAll<B1Item>(
        'Items',
        { select: CATALOGUE_ITEM_SELECT, filter: changedSince(stampMinus(this.newest, this.overlapMs)) },
        { pageSize: this.pageSize, concurrency: this.concurrency },
      ),
      purchaseFilter ? this.readPurchases(purchaseFilter) : undefined,
    ]);
    let moved: Set<string> | 'all' = new Set();
    if (docs) {
      if (this.incoming.newest) moved = this.incoming.merge(docs);
      else {
        this.incoming.replaceAll(docs);
        moved = 'all';
      }
      this.purchasesRead = true;
    }
    let changed = false;
    let added = false;
    const seen = new Set<string>();
    for (const row of rows) {
      const stamp = changeStamp(row);
      if (stamp > this.newest) this.newest = stamp;
      seen.add(row.ItemCode);
      const before = this.items.get(row.ItemCode);
      if (!isSellable(row)) {
        changed = this.items.delete(row.ItemCode) || changed;
        continue;
      }
      const record = this.withArrivals(compact(row, this.strings), before);
      if (before && sameRecord(before, record)) continue;
      if (!before) added = true;
      this.items.set(row.ItemCode, record);
      changed = true;
    }
    // items not read again whose arrivals moved
    for (const code of moved === 'all' ? [...this.items.keys()] : moved) {
      const before = this.items.get(code);
      if (!before || seen.has(code)) continue;
      const record = this.withArrivals(before);
      if (sameRecord(before, record)) continue;
      this.items.set(code, record);
      changed = true;
    }
    if (added) this.items = new Map([...this.items].sort(([a], [b]) => codeOrder(a, b)));
    this.state = {
      records: changed ? [...this.items.values()] : state.records,
      version: state.version + (changed ? 1 : 0),
      readAt: startedAt,
      fullAt: state.fullAt,
      last: { kind: 'delta', rows: rows.length + (docs?.length ?? 0), ms: this.now() - startedAt },
    };
    return this.state;
  }

  /** Open purchase orders, or the ones changed since a stamp (`filter`), in pages as the items are read. */
  private readPurchases(filter: string): Promise<B1Document[]> {
    return this.sl.getAll<B1Document>('PurchaseOrders', { select: PURCHASE_ORDER_SELECT, filter }, { pageSize: this.pageSize, concurrency: this.concurrency });
  }

  /**
   * The record with its arrivals as the purchase orders read give them; before this mirror has read any (a follower
   * of the cluster's reader), the ones it had (`before`).
   */
  private withArrivals(record: ItemRecord, before?: ItemRecord): ItemRecord {
    const arrivals = this.purchasesRead ? this.incoming.arrivalsOf(record.itemCode) : before?.arrivals;
    const { arrivals: had, ...rest } = record;
    if (had === arrivals) return record;
    return arrivals ? { ...rest, arrivals } : rest;
  }

  /** The record of one ItemCode as last read (with its arrivals), undefined when not sold. */
  record(itemCode: string): ItemRecord | undefined {
    return this.items.get(itemCode);
  }
}

/** Whether two records say the same (field by field, whatever their key order). */
export function sameRecord(a: ItemRecord, b: ItemRecord): boolean {
  if (Object.keys(a).length !== Object.keys(b).length) return false;
  for (const key of Object.keys(a) as (keyof ItemRecord)[]) {
    const x = a[key];
    const y = b[key];
    // arrays of texts (technologies) or of [date, quantity] pairs (arrivals)
    if (Array.isArray(x) && Array.isArray(y) ? x.join('\u0000') !== y.join('\u0000') : x !== y) return false;
  }
  return true;
}
