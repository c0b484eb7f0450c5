import { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { ROLES, type Role } from '@shared/roles';

export interface TokenClaims {
  userId: number;
  role: Role;
  username: string;
  /** The user's token version when the token was issued. */
  version: number;
  /** A VENDEDOR's representation the session acts in (docs/sales-reps.md); absent when it acts for no customer. */
  representation?: number;
}

const ISSUER = 'portal-mayorista';

export interface TokenCacheOptions {
  /** How long a verified token is reused without checking its signature again (ms; never past its `exp`). 0: no cache. */
  ttlMs?: number;
  /** At most this many verified tokens are kept; the oldest is dropped first. */
  maxEntries?: number;
}

interface Verified {
  /** The token string that was verified. */
  token: string;
  claims: TokenClaims;
  /** Reused until this instant (ms): min(exp, verified at + ttlMs). */
  until: number;
  /** Set once the entry leaves the cache (expired, evicted, forgotten): a connection's copy of it is dead too. */
  dropped: boolean;
}

export class TokenService {
  /**
   * The secret imported into WebCrypto once. Given the raw bytes (or a secret KeyObject, which it exports back to bytes)
   * jose imports them again on every sign and verify.
   */
  private readonly key: Promise<webcrypto.CryptoKey>;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  /**
   * Tokens whose signature and claims were checked, by the exact token string: the same bytes were verified before, so
   * only the expiry has to be checked again. A token that fails is never stored; a tampered copy of a stored token is a
   * different string and goes through the full check. Insertion order = age (Map), so the first key is the oldest.
   */
  private readonly verified = new Map<string, Verified>();
  /**
   * The entry each connection's last request used (keyed by the request's socket). A browser sends the same token on
   * every request of a keep-alive connection: comparing the string with the last one is cheaper than hashing a
   * 200-character key for the Map on every request. A different string (another user behind a proxy, a tampered copy)
   * goes to the Map as before.
   */
  private readonly lastOn = new WeakMap<object, Verified>();

  constructor(
    secret: Uint8Array,
    private readonly ttlSeconds: number,
    cache: TokenCacheOptions = {},
  ) {
    this.key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    // a bad secret fails each sign and verify (awaited there), not as an unhandled rejection here
    this.key.catch(() => undefined);
    this.ttlMs = cache.ttlMs ?? 60_000;
    this.maxEntries = cache.maxEntries ?? 10_000;
  }

  async sign(claims: TokenClaims): Promise<string> {
    const key = await this.key;
    const acting = claims.representation === undefined ? {} : { rpr: claims.representation };
    return new SignJWT({ role: claims.role, usr: claims.username, ver: claims.version, ...acting })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.ttlSeconds)
      .sign(key);
  }

  /**
   * The claims of a token verified a moment ago and still unexpired (no signature check: the same string passed it),
   * or undefined: then call `verify`. Revocation is not decided here: the caller still compares the claims with the
   * user's current state (token version, enabled, role). `connection` (the request's socket), when given, is where the
   * token's entry is remembered for the connection's next request (see `lastOn`); the answer is the same with or
   * without it.
   */
  cached(token: string, connection?: object): TokenClaims | undefined {
    if (connection) {
      const last = this.lastOn.get(connection);
      if (last !== undefined && last.token === token && !last.dropped && last.until > Date.now()) return last.claims;
    }
    const hit = this.verified.get(token);
    if (!hit) return undefined;
    if (hit.until > Date.now()) {
      if (connection) this.lastOn.set(connection, hit);
      return hit.claims;
    }
    this.drop(hit);
    return undefined;
  }

  /**
   * The claims of a valid, unexpired token; null for anything else. Only HS256 from this portal, and every claim the
   * portal issues is required: a token without `exp` (one that would never expire), `iat`, `sub`, `ver`, `role` or
   * `usr` is refused. A valid token is remembered for `cached` until min(its exp, ttlMs from now).
   */
  async verify(token: string): Promise<TokenClaims | null> {
    const hit = this.cached(token);
    if (hit) return hit;
    const key = await this.key;
    let claims: TokenClaims | null;
    let exp: number;
    try {
      const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'sub'] });
      claims = claimsOf(payload);
      exp = payload.exp!;
    } catch (e) {
      if (e instanceof errors.JOSEError) return null;
      throw e;
    }
    if (claims && this.ttlMs > 0 && this.maxEntries > 0) this.remember(token, claims, exp);
    return claims;
  }

  /** Drops the verified tokens of a user (password change, deactivation, deletion). */
  forget(userId: number): void {
    for (const entry of this.verified.values()) if (entry.claims.userId === userId) this.drop(entry);
  }

  /** How many verified tokens are kept (tests). */
  get cacheSize(): number {
    return this.verified.size;
  }

  private remember(token: string, claims: TokenClaims, exp: number) {
    // jose refuses a token once exp <= now (whole seconds): it stays valid while now < exp * 1000 ms
    const until = Math.min(exp * 1000, Date.now() + this.ttlMs);
    const previous = this.verified.get(token);
    if (previous) this.drop(previous);
    while (this.verified.size >= this.maxEntries) this.drop(this.verified.values().next().value!);
    this.verified.set(token, { token, claims: Object.freeze(claims), until, dropped: false });
  }

  private drop(entry: Verified) {
    entry.dropped = true;
    this.verified.delete(entry.token);
  }
}

function claimsOf(payload: Record<string, unknown>): TokenClaims | null {
  const userId = Number(payload.sub);
  if (!Number.isInteger(userId) || userId <= 0) return null;
  if (typeof payload.ver !== 'number' || !Number.isInteger(payload.ver)) return null;
  if (typeof payload.role !== 'string' || !(ROLES as readonly string[]).includes(payload.role)) return null;
  if (typeof payload.usr !== 'string' || !payload.usr) return null;
  const claims: TokenClaims = { userId, role: payload.role as Role, username: payload.usr, version: payload.ver };
  if (payload.rpr === undefined) return claims;
  if (typeof payload.rpr !== 'number' || !Number.isInteger(payload.rpr) || payload.rpr <= 0) return null;
  return { ...claims, representation: payload.rpr };
}
