import { errors, jwtVerify, SignJWT } from 'jose';
import { ROLES, type Role } from '@shared/roles';

export interface TokenClaims {
  userId: number;
  role: Role;
  username: string;
  /** The user's token version when the token was issued. */
  version: number;
}

const ISSUER = 'portal-mayorista';

export class TokenService {
  constructor(
    private readonly secret: Uint8Array,
    private readonly ttlSeconds: number,
  ) {}

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ role: claims.role, usr: claims.username, ver: claims.version })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.ttlSeconds)
      .sign(this.secret);
  }

  /**
   * The claims of a valid, unexpired token; null for anything else. Only HS256 from this portal, and every claim the
   * portal issues is required: a token without `exp` (one that would never expire), `iat`, `sub`, `ver`, `role` or
   * `usr` is refused.
   */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, { issuer: ISSUER, algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'sub'] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || userId <= 0) return null;
      if (typeof payload.ver !== 'number' || !Number.isInteger(payload.ver)) return null;
      if (typeof payload.role !== 'string' || !(ROLES as readonly string[]).includes(payload.role)) return null;
      if (typeof payload.usr !== 'string' || !payload.usr) return null;
      return { userId, role: payload.role as Role, username: payload.usr, version: payload.ver };
    } catch (e) {
      if (e instanceof errors.JOSEError) return null;
      throw e;
    }
  }
}
