import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/connect';
import { passwordSetups, users, type PasswordSetupRow } from '../db/schema';

/** The single-use links that let a new person choose a password (table password_setups: the token's sha256 only). */
export class PasswordSetupsRepo {
  async insert(q: DbOrTx, userId: number, tokenHash: string, expiresAt: Date): Promise<PasswordSetupRow> {
    const [row] = await q.insert(passwordSetups).values({ userId, tokenHash, expiresAt }).returning();
    return row!;
  }

  /** The link of a token hash, locked until the transaction ends (two uses at once: the second sees it used). */
  async forUpdate(tx: Tx, tokenHash: string): Promise<PasswordSetupRow | undefined> {
    const [row] = await tx.select().from(passwordSetups).where(eq(passwordSetups.tokenHash, tokenHash)).for('update').limit(1);
    return row;
  }

  /** Ends every link of the person not used yet (a new one replaces them). */
  async revokeOpen(tx: Tx, userId: number): Promise<void> {
    await tx.update(passwordSetups).set({ usedAt: sql`now()` }).where(and(eq(passwordSetups.userId, userId), isNull(passwordSetups.usedAt)));
  }

  async markUsed(tx: Tx, id: number): Promise<void> {
    await tx.update(passwordSetups).set({ usedAt: sql`now()` }).where(eq(passwordSetups.id, id));
  }

  /** The person's new password: clears the must-change flag and revokes every token issued before. */
  async setPassword(tx: Tx, userId: number, passwordHash: string): Promise<void> {
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId));
  }
}
