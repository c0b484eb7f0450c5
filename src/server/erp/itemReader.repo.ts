// The tables of the cluster's one catalogue reader (docs/scale-out.md): the lease row erp_item_reader and the items it
// wrote, erp_items. SharedItemSource is the only user.
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/connect';
import { erpItemReader, erpItems } from '../db/schema';
import type { ItemSet } from './itemMirror';
import type { ItemRecord } from './mapping';

/** Rows per statement when a read's changes are written. */
const WRITE_CHUNK = 500;

/** The state of the last read the holder wrote. */
export interface ReaderState {
  version: number;
  /** null before the first read. */
  readAt: number | null;
  fullAt: number | null;
  newest: string;
  lastRead: ItemSet['last'] | null;
}

/** A read's outcome as the holder writes it. */
export interface ReadWrite {
  instance: string;
  epoch: number;
  upserts: readonly ItemRecord[];
  deletes: readonly string[];
  readAt: number;
  fullAt: number;
  newest: string;
  last: ItemSet['last'];
  /** The NOTIFY channel told of the new version, in the same transaction (sent when it commits). */
  channel: string;
}

export class ItemReaderRepo {
  constructor(private readonly db: Db) {}

  /**
   * Renews the lease `instance` holds with `epoch`, or takes it when free or run out (the epoch then moves on).
   * Answers the epoch held, undefined when another instance holds a live lease.
   */
  async lead(instance: string, epoch: number | undefined, leaseMs: number): Promise<number | undefined> {
    const mine = epoch ?? -1;
    const result = await this.db.execute(sql`
      update ${erpItemReader} set
        holder = ${instance},
        epoch = case when holder = ${instance} and epoch = ${mine} then epoch else epoch + 1 end,
        lease_until = now() + ${leaseMs}::int * interval '1 millisecond'
      where id = 1 and ((holder = ${instance} and epoch = ${mine}) or holder is null or lease_until is null or lease_until < now())
      returning epoch`);
    const [row] = rowsOf<{ epoch: string | number }>(result);
    return row ? Number(row.epoch) : undefined;
  }

  /** Gives the lease up (when `instance` still holds it with `epoch`). */
  async release(instance: string, epoch: number): Promise<void> {
    await this.db
      .update(erpItemReader)
      .set({ holder: null, leaseUntil: null })
      .where(and(eq(erpItemReader.id, 1), eq(erpItemReader.holder, instance), eq(erpItemReader.epoch, epoch)));
  }

  /**
   * Writes a read in one transaction: the state (version moved on when records changed) only while `instance` still
   * holds a live lease with `epoch` — the fence —, then the records with that version, and the NOTIFY. Answers the
   * version, or undefined when the lease was lost (nothing written).
   */
  async write(read: ReadWrite): Promise<number | undefined> {
    const changed = read.upserts.length > 0 || read.deletes.length > 0;
    return this.db.transaction(async (tx) => {
      const [state] = await tx
        .update(erpItemReader)
        .set({
          version: changed ? sql`${erpItemReader.version} + 1` : erpItemReader.version,
          readAt: read.readAt,
          fullAt: read.fullAt,
          newest: read.newest,
          lastRead: read.last,
        })
        .where(and(eq(erpItemReader.id, 1), eq(erpItemReader.holder, read.instance), eq(erpItemReader.epoch, read.epoch), sql`${erpItemReader.leaseUntil} > now()`))
        .returning({ version: erpItemReader.version });
      if (!state) return undefined;
      const version = Number(state.version);
      for (let i = 0; i < read.upserts.length; i += WRITE_CHUNK) {
        await tx
          .insert(erpItems)
          .values(read.upserts.slice(i, i + WRITE_CHUNK).map((record) => ({ itemCode: record.itemCode, record, version })))
          .onConflictDoUpdate({ target: erpItems.itemCode, set: { record: sql`excluded.record`, version: sql`excluded.version` } });
      }
      for (let i = 0; i < read.deletes.length; i += WRITE_CHUNK) {
        await tx.update(erpItems).set({ record: null, version }).where(inArray(erpItems.itemCode, read.deletes.slice(i, i + WRITE_CHUNK)));
      }
      await tx.execute(sql`select pg_notify(${read.channel}, ${String(version)})`);
      return version;
    });
  }

  async state(): Promise<ReaderState | undefined> {
    const [row] = await this.db
      .select({ version: erpItemReader.version, readAt: erpItemReader.readAt, fullAt: erpItemReader.fullAt, newest: erpItemReader.newest, lastRead: erpItemReader.lastRead })
      .from(erpItemReader)
      .where(eq(erpItemReader.id, 1));
    return row ? { ...row, version: Number(row.version), lastRead: row.lastRead as ItemSet['last'] | null } : undefined;
  }

  /** The items written after version `after` up to `upTo`: records, and the codes no longer sold. */
  async changes(after: number, upTo: number): Promise<{ upserts: ItemRecord[]; deletes: string[] }> {
    const rows = await this.db
      .select({ itemCode: erpItems.itemCode, record: erpItems.record })
      .from(erpItems)
      .where(and(gt(erpItems.version, after), lte(erpItems.version, upTo)));
    const upserts: ItemRecord[] = [];
    const deletes: string[] = [];
    for (const r of rows) {
      if (r.record === null) deletes.push(r.itemCode);
      else upserts.push(r.record as ItemRecord);
    }
    return { upserts, deletes };
  }
}
