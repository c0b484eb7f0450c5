// Login limits kept in the database (table login_failures), so every instance of the portal sees the same counts.
// Only failed password checks are counted; the rules are in docs/security.md.
import type { Db } from '../db/connect';
import { LoginFailuresRepo } from './loginFailures.repo';

export interface LoginLimitSettings {
  /** Failed checks one address may make in a window (LOGIN_MAX_PER_ADDRESS). */
  maxPerAddress: number;
  /** Failed checks of one rut, from any address, after which the rut is under attack (LOGIN_MAX_PER_RUT). */
  maxPerRut: number;
  /** The window: '15 minutes', '15m', '900s' or milliseconds (LOGIN_WINDOW). */
  window: string;
}

/**
 * While a rut is under attack, an address that has made fewer than this many failed checks for that rut in the window
 * may still try it: its owner (who typed the password wrong once at most) still gets in; a guessing address does not.
 */
export const FAILURES_OF_A_TRUSTED_ADDRESS = 2;

/** How often an instance deletes the rows whose window has passed (at most). */
const PURGE_EVERY_MS = 60_000;

const UNITS: Record<string, number> = {
  ms: 1,
  millisecond: 1,
  milliseconds: 1,
  s: 1000,
  sec: 1000,
  second: 1000,
  seconds: 1000,
  m: 60_000,
  min: 60_000,
  minute: 60_000,
  minutes: 60_000,
  h: 3_600_000,
  hour: 3_600_000,
  hours: 3_600_000,
  d: 86_400_000,
  day: 86_400_000,
  days: 86_400_000,
};

/** '15 minutes', '15m', '900s', '1 hour' -> ms; a bare number is milliseconds (as @fastify/rate-limit read it). */
export function parseWindowMs(value: string | number): number {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value;
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(String(value).trim());
  const factor = match ? (match[2] ? UNITS[match[2].toLowerCase()] : 1) : undefined;
  const ms = match && factor ? Number(match[1]) * factor : NaN;
  if (!Number.isFinite(ms) || ms <= 0) throw new Error(`LOGIN_WINDOW inválido: ${value} (por ejemplo '15 minutes')`);
  return Math.round(ms);
}

export type LoginVerdict = { allowed: true } | { allowed: false; reason: 'address' | 'rut' };

export class LoginLimits {
  readonly windowMs: number;
  private lastPurge = 0;
  private readonly failures: LoginFailuresRepo;

  constructor(
    db: Db,
    private readonly settings: LoginLimitSettings,
  ) {
    this.failures = new LoginFailuresRepo(db);
    this.windowMs = parseWindowMs(settings.window);
    if (!(settings.maxPerAddress > 0) || !(settings.maxPerRut > 0)) throw new Error('LOGIN_MAX_PER_ADDRESS y LOGIN_MAX_PER_RUT deben ser mayores que 0');
  }

  private static keys(rut: string, address: string) {
    return { address: `addr:${address}`, rut: `rut:${rut}`, pair: `pair:${rut}@${address}` };
  }

  /** The failures in the current window of each key (a key whose window has passed counts 0). */
  private counts(keys: string[]): Promise<Map<string, number>> {
    return this.failures.counts(keys, new Date(Date.now() - this.windowMs));
  }

  /**
   * May this address check a password of this rut now? No when the address made LOGIN_MAX_PER_ADDRESS failed checks
   * in the window; no when the rut had LOGIN_MAX_PER_RUT failed checks and this address is one of the guessers
   * (it failed FAILURES_OF_A_TRUSTED_ADDRESS times for this rut). Successful logins are never counted.
   */
  async check(rut: string, address: string): Promise<LoginVerdict> {
    this.purgeNowAndThen();
    const keys = LoginLimits.keys(rut, address);
    const counts = await this.counts([keys.address, keys.rut, keys.pair]);
    if ((counts.get(keys.address) ?? 0) >= this.settings.maxPerAddress) return { allowed: false, reason: 'address' };
    if ((counts.get(keys.rut) ?? 0) >= this.settings.maxPerRut && (counts.get(keys.pair) ?? 0) >= FAILURES_OF_A_TRUSTED_ADDRESS) {
      return { allowed: false, reason: 'rut' };
    }
    return { allowed: true };
  }

  /** Counts one failed password check of this rut from this address (atomic; a passed window starts again at 1). */
  async recordFailure(rut: string, address: string): Promise<void> {
    const keys = LoginLimits.keys(rut, address);
    const now = new Date();
    const since = new Date(now.getTime() - this.windowMs);
    await this.failures.add([keys.address, keys.rut, keys.pair], now, since);
  }

  /** Deletes the rows whose window has passed. */
  async purge(): Promise<number> {
    return this.failures.deleteBefore(new Date(Date.now() - this.windowMs));
  }

  private purgeNowAndThen(): void {
    const now = Date.now();
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    this.purge().catch(() => {
      this.lastPurge = 0;
    });
  }
}
