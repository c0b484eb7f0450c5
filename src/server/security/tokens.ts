import { errors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '../../shared/roles';

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

  /** The claims of a valid, unexpired token; null for anything else. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, { issuer: ISSUER, algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.ver !== 'number' || typeof payload.role !== 'string') return null;
      return { userId, role: payload.role as Role, username: String(payload.usr ?? ''), version: payload.ver };
    } catch (e) {
      if (e instanceof errors.JOSEError) return null;
      throw e;
    }
  }
}
