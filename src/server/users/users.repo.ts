import { eq, sql } from 'drizzle-orm';
import { formatRut } from '@shared/rut';
import type { Db } from '../db/connect';
import { users, type NewUser, type UserRow } from '../db/schema';

/** Usernames are kept as formatted ruts; any writing of the same rut finds the same user. */
export const normalizeUsername = (username: string) => formatRut(username.trim());

export class UsersRepo {
  constructor(private readonly db: Db) {}

  async findByUsername(username: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.username, normalizeUsername(username))).limit(1);
    return row;
  }

  async findById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(users);
    return row?.n ?? 0;
  }

  async insert(user: NewUser): Promise<UserRow> {
    const [row] = await this.db.insert(users).values({ ...user, username: normalizeUsername(user.username) }).returning();
    return row!;
  }

  /** New password: clears the must-change flag and revokes every token issued before. */
  async setPassword(id: number, passwordHash: string): Promise<void> {
    await this.db
      .update(users)
      .set({ passwordHash, mustChangePassword: false, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, id));
  }
}
