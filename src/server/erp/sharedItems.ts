// One reader of the ERP's catalogue for the whole cluster (docs/scale-out.md, the catalogue reader). On PostgreSQL the
// instances elect one holder of a lease (the row erp_item_reader); only the holder reads the ERP's items (its
// ItemMirror: full reads now and then, reads by change between them) and writes what changed into erp_items, with the
// reader's version, in the transaction that moves the version — fenced by the lease's epoch, so a reader that lost
// its lease mid-read writes nothing. Every other instance merges the rows newer than its own version into its mirror,
// told by NOTIFY and, should a notification be lost, by its own heartbeat. 1, 2 or 10 instances make the reads of one.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Database, Db } from '../db/connect';
import type { ErpService } from './erp.service';
import type { ItemRecord } from './mapping';
import { ItemReaderRepo } from './itemReader.repo';
import { sameRecord, type ItemMirror, type ItemSet, type ItemSource } from './itemMirror';

/** The NOTIFY channel a reader announces a new version on (its payload: the version). */
export const ITEMS_CHANNEL = 'erp_items';

export interface SharedItemsOptions {
  db: Db;
  /** LISTEN on ITEMS_CHANNEL (Database.listen); without it, the heartbeat alone brings other readers' versions. */
  listen?: (channel: string, onNotify: (payload: string) => void) => Promise<() => Promise<void>>;
  /** How long a lease lasts without being renewed (default 30 s); renewed every third of it. */
  leaseMs?: number;
  /** How often the holder reads the ERP even when no one asks (default 60 s: CATALOG_REFRESH). */
  refreshMs?: number;
  /** How long an instance with no items yet waits for the holder's first read (default 30 s). */
  firstReadWaitMs?: number;
  /** This instance's name in the lease (default host, process and a random part). */
  instance?: string;
  /**
   * Called when items another instance read were merged, and, on the holder, when a read is due: the catalogue's
   * refresh, which reads through this source (so the snapshot is built from that read, and no read is made twice).
   * Without it, the holder's heartbeat calls sync() itself.
   */
  rebuild?: () => Promise<unknown>;
  onError?: (err: unknown) => void;
  now?: () => number;
}

/** The holder lost its lease before its write: another instance reads now, and this one writes nothing. */
export class LostLeaseError extends Error {
  constructor() {
    super('el lector del catálogo perdió su turno: otra instancia lee el ERP');
  }
}

export class SharedItemSource implements ItemSource {
  readonly instance: string;
  private readonly repo: ItemReaderRepo;
  private readonly leaseMs: number;
  private readonly refreshMs: number;
  private readonly firstReadWaitMs: number;
  private readonly now: () => number;
  private readonly onError: (err: unknown) => void;
  /** The lease's epoch while this instance holds it. */
  private epoch: number | undefined;
  /** The reader's version this instance's mirror has merged (0: nothing yet). */
  private version = 0;
  /** What erp_items holds, as far as this instance knows: what a read of its own is compared with. */
  private published = new Map<string, ItemRecord>();
  private inFlight?: Promise<ItemSet>;
  private pulling?: Promise<boolean>;
  private timer?: NodeJS.Timeout;
  private unlisten?: () => Promise<void>;
  private stopped = false;
  /** ERP reads of the catalogue this instance made (as the holder): for the tests and the metrics. */
  reads = 0;

  constructor(
    private readonly mirror: ItemMirror,
    private readonly opts: SharedItemsOptions,
  ) {
    this.repo = new ItemReaderRepo(opts.db);
    this.leaseMs = opts.leaseMs ?? 30_000;
    this.refreshMs = opts.refreshMs ?? 60_000;
    this.firstReadWaitMs = opts.firstReadWaitMs ?? 30_000;
    this.now = opts.now ?? Date.now;
    this.onError = opts.onError ?? (() => {});
    this.instance = opts.instance ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  }

  /** Starts listening and the heartbeat (renew or take the lease, read when due, merge what others read). */
  async start(): Promise<void> {
    if (this.opts.listen) {
      this.unlisten = await this.opts.listen(ITEMS_CHANNEL, (payload) => {
        if (Number(payload) > this.version && this.epoch === undefined) void this.pullAndTell().catch(this.onError);
      });
    }
    this.schedule();
  }

  /** Stops, and gives the lease up so another instance takes it at its next heartbeat, not when it runs out. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.unlisten?.();
    await this.inFlight?.catch(() => undefined);
    if (this.epoch !== undefined) {
      await this.repo.release(this.instance, this.epoch).catch(this.onError);
      this.epoch = undefined;
    }
  }

  /** Whether this instance holds the lease (as of its last heartbeat or read). */
  holdsLease(): boolean {
    return this.epoch !== undefined;
  }

  current(): ItemSet | undefined {
    return this.mirror.current();
  }

  /**
   * The cluster's items now: the holder reads the ERP (as a lone instance would on each call); any other instance
   * merges what the holder wrote, taking the lease first when it has run out. Concurrent callers share one call.
   */
  sync(): Promise<ItemSet> {
    return this.shared(() => this.syncNow());
  }

  /** Runs `work` unless a sync is in flight, which its callers share instead. */
  private shared(work: () => Promise<ItemSet>): Promise<ItemSet> {
    this.inFlight ??= work().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  /**
   * The items with the ERP's latest changes, for a caller about to price from them (ItemMirror.syncChanges): the
   * holder reads by change and writes it for everyone; another instance merges the holder's rows and then reads the
   * changes since them itself, for its own use only (the holder's next read brings them to everyone).
   */
  async syncChanges(): Promise<ItemSet> {
    if (this.inFlight) return this.inFlight;
    await this.pull();
    if (!this.mirror.newestStamp()) return this.sync();
    // as the holder: a read by change (never a full one, as ItemMirror.syncChanges), written for everyone
    if (this.epoch !== undefined && (await this.lead())) return this.shared(() => this.readAndWrite(() => this.mirror.syncChanges()));
    return this.mirror.syncChanges();
  }

  private async syncNow(): Promise<ItemSet> {
    await this.pull();
    if (await this.lead()) {
      await this.pull(); // what an earlier holder wrote before its lease ran out
      return this.readAndWrite(() => this.mirror.sync());
    }
    const current = this.mirror.current();
    if (current) return current;
    // the holder's first read is still running: wait for it
    const until = this.now() + this.firstReadWaitMs;
    while (this.now() < until && !this.stopped) {
      await sleep(200);
      await this.pull();
      const read = this.mirror.current();
      if (read) return read;
      if (await this.lead()) return this.readAndWrite(() => this.mirror.sync());
    }
    throw new Error('el catálogo aún no fue leído del ERP');
  }

  /** Renews the lease held, or takes it when free or run out. Answers whether this instance holds it. */
  private async lead(): Promise<boolean> {
    this.epoch = await this.repo.lead(this.instance, this.epoch, this.leaseMs);
    return this.epoch !== undefined;
  }

  /** As the holder: reads the ERP and writes what changed, fenced by the lease. */
  private async readAndWrite(read: () => Promise<ItemSet>): Promise<ItemSet> {
    const epoch = this.epoch!;
    const set = await read();
    this.reads += 1;
    const upserts: ItemRecord[] = [];
    const codes = new Set<string>();
    for (const record of set.records) {
      codes.add(record.itemCode);
      const before = this.published.get(record.itemCode);
      if (before !== record && (!before || !sameRecord(before, record))) upserts.push(record);
    }
    const deletes = [...this.published.keys()].filter((code) => !codes.has(code));
    const written = await this.repo.write({
      instance: this.instance, epoch, upserts, deletes, readAt: set.readAt, fullAt: set.fullAt, newest: this.mirror.newestStamp(), last: set.last, channel: ITEMS_CHANNEL,
    });
    if (written === undefined) {
      this.epoch = undefined;
      throw new LostLeaseError();
    }
    this.published = new Map(set.records.map((r) => [r.itemCode, r]));
    this.version = written;
    return set;
  }

  /** Merges what the holder wrote since this instance's version; answers whether anything new came. */
  private pull(): Promise<boolean> {
    this.pulling ??= this.pullNow().finally(() => {
      this.pulling = undefined;
    });
    return this.pulling;
  }

  private async pullNow(): Promise<boolean> {
    const row = await this.repo.state();
    if (!row || row.readAt === null) return false;
    const version = row.version;
    const current = this.mirror.current();
    if (version <= this.version && current && current.readAt >= row.readAt) return false;
    const { upserts, deletes } = version > this.version ? await this.repo.changes(this.version, version) : { upserts: [], deletes: [] };
    const before = current?.version;
    const merged = this.mirror.apply({
      upserts,
      deletes,
      newest: row.newest,
      readAt: row.readAt,
      fullAt: row.fullAt ?? row.readAt,
      last: row.lastRead ?? { kind: 'full', rows: upserts.length, ms: 0 },
    });
    for (const code of deletes) this.published.delete(code);
    for (const record of upserts) this.published.set(record.itemCode, record);
    this.version = Math.max(this.version, version);
    return merged.version !== before;
  }

  private async pullAndTell(): Promise<void> {
    if (await this.pull()) await this.rebuild();
  }

  private rebuild(): Promise<unknown> {
    return this.opts.rebuild ? this.opts.rebuild() : this.sync();
  }

  /** One heartbeat: merge, renew or take the lease, and as the holder read when the last read is older than refreshMs. */
  private async beat(): Promise<void> {
    await this.pullAndTell();
    if (!(await this.lead())) return;
    const current = this.mirror.current();
    // a read in flight (the catalogue's own refresh) is the one that was due
    if (!this.inFlight && (!current || this.now() - current.readAt >= this.refreshMs)) await this.rebuild();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.beat()
        .catch(this.onError)
        .finally(() => this.schedule());
    }, Math.max(50, Math.min(this.leaseMs / 3, this.refreshMs)));
    this.timer.unref?.();
  }
}

/**
 * Makes `erp` read the catalogue's items through the cluster's one reader, with `rebuild` (the catalogue's refresh)
 * called when they move; answers the reader, to start once the app is ready and stop on close. app.ts on PostgreSQL.
 */
export function shareCatalogueReads(
  erp: Pick<ErpService, 'shareItems'>,
  database: Pick<Database, 'db' | 'listen'>,
  options: Omit<SharedItemsOptions, 'db' | 'listen'>,
): SharedItemSource {
  return erp.shareItems((mirror) => new SharedItemSource(mirror, { db: database.db, listen: database.listen, ...options }));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref?.());
}
