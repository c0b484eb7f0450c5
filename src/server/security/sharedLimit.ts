// A limit of requests per key (an address) in a window, counted in the database so that every instance of the portal
// counts the same requests: behind a load balancer an in-memory limit of five per hour lets an address send five per
// instance. The counts share the table of the login limits (login_failures), under keys `limit:<name>:<key>`, which the
// login limits' purge leaves alone.
import type { Db } from '../db/connect';
import { LoginFailuresRepo, SHARED_LIMIT_PREFIX } from './loginFailures.repo';

/** How often an instance deletes the rows of a limit whose window has passed (at most). */
const PURGE_EVERY_MS = 60_000;

export class SharedLimit {
  private readonly counts: LoginFailuresRepo;
  private readonly prefix: string;
  private lastPurge = 0;

  constructor(
    db: Db,
    name: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {
    this.counts = new LoginFailuresRepo(db);
    this.prefix = `${SHARED_LIMIT_PREFIX}${name}:`;
  }

  /** Counts one request of `key`; whether it is within the limit (the first `max` of a window are). */
  async allow(key: string): Promise<boolean> {
    const now = Date.now();
    this.purgeNowAndThen(now);
    return (await this.counts.hit(`${this.prefix}${key}`, new Date(now), new Date(now - this.windowMs))) <= this.max;
  }

  private purgeNowAndThen(now: number): void {
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    this.counts.deleteBefore(new Date(now - this.windowMs), this.prefix).catch(() => {
      this.lastPurge = 0;
    });
  }
}
