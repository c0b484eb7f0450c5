import { createHash, randomBytes } from 'node:crypto';
import { MSG } from '@shared/messages';
import { SET_PASSWORD_MSG, type SetPasswordForm } from '@shared/schemas/setPassword';
import type { Db, DbOrTx } from '../db/connect';
import { HttpError } from '../errors';
import { hashPassword } from './passwords';
import { PasswordSetupsRepo } from './passwordSetups.repo';
import type { UsersRepo } from '../users/users.repo';

/** How long a set-your-password link stays valid. */
export const PASSWORD_SETUP_TTL_MS = 72 * 60 * 60 * 1000;

/** The sha256 (hex) of a link's token: only this is stored, so the table alone opens no account. */
export const tokenHashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Creates a single-use set-your-password link for `userId` inside the caller's transaction: a random 32-byte token
 * (base64url) of which only the hash is kept. Answers the token, to be put in the link of the mail and nowhere else.
 */
export async function createPasswordSetup(q: DbOrTx, userId: number, now = Date.now()): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + PASSWORD_SETUP_TTL_MS);
  await new PasswordSetupsRepo().insert(q, userId, tokenHashOf(token), expiresAt);
  return { token, expiresAt };
}

/** The link a new person opens: `${publicUrl}/set-password?token=…`. */
export const passwordSetupUrl = (publicUrl: string, token: string) => `${publicUrl.replace(/\/+$/, '')}/set-password?token=${encodeURIComponent(token)}`;

/** POST /api/security/set-password: a person chooses a password through the single-use link of their mail. */
export class PasswordSetupService {
  private readonly setups = new PasswordSetupsRepo();

  constructor(
    private readonly db: Db,
    private readonly users: UsersRepo,
    private readonly onSessionsRevoked: (userId: number) => void = () => {},
  ) {}

  /**
   * Sets the password of the link's person, marks the link used and ends any session the person had. An unknown token
   * is a 400; a used or expired one a 410; a deactivated person a 403. Two uses of one link at once: one wins.
   */
  async setPassword(form: SetPasswordForm): Promise<void> {
    const tokenHash = tokenHashOf(form.token);
    // hashing takes a while: done before the transaction, which stays short
    const passwordHash = await hashPassword(form.password);
    const userId = await this.db.transaction(async (tx) => {
      const setup = await this.setups.forUpdate(tx, tokenHash);
      if (!setup) throw new HttpError(400, SET_PASSWORD_MSG.invalidLink);
      if (setup.usedAt) throw new HttpError(410, SET_PASSWORD_MSG.usedLink);
      if (setup.expiresAt.getTime() <= Date.now()) throw new HttpError(410, SET_PASSWORD_MSG.expiredLink);
      const user = await this.users.findById(setup.userId, tx);
      if (!user) throw new HttpError(400, SET_PASSWORD_MSG.invalidLink);
      if (!user.enabled) throw new HttpError(403, MSG.inactiveUser);
      await this.setups.markUsed(tx, setup.id);
      await this.setups.setPassword(tx, user.id, passwordHash);
      return user.id;
    });
    this.onSessionsRevoked(userId);
  }
}
