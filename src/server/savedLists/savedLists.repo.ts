import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/connect';
import { savedListItems, savedLists, users, type SavedListItemRow, type SavedListRow } from '../db/schema';

/** A list with who keeps it and how many styles it holds. */
export interface SavedListSummary extends SavedListRow {
  ownerName: string | null;
  ownerRut: string;
  styles: number;
}

/** Who reads lists: the person (or rep) and the company the session acts for. */
export interface ListReader {
  userId: number;
  companyRut: string;
}

const summary = {
  id: savedLists.id,
  companyRut: savedLists.companyRut,
  ownerId: savedLists.ownerId,
  name: savedLists.name,
  shared: savedLists.shared,
  createdAt: savedLists.createdAt,
  updatedAt: savedLists.updatedAt,
  ownerName: users.fullName,
  ownerRut: users.username,
  styles: sql<number>`(select count(*)::int from ${savedListItems} where ${savedListItems.listId} = ${savedLists.id})`,
};

/** What a reader may see: lists of the company it acts for that it keeps or that are shared. */
const visibleTo = (reader: ListReader) => and(eq(savedLists.companyRut, reader.companyRut), or(eq(savedLists.ownerId, reader.userId), eq(savedLists.shared, true)));

/** The saved lists and their styles (docs/saved-lists.md). Every read is scoped to what the reader may see. */
export class SavedListsRepo {
  constructor(private readonly db: Db) {}

  list(reader: ListReader): Promise<SavedListSummary[]> {
    return this.db
      .select(summary)
      .from(savedLists)
      .innerJoin(users, eq(users.id, savedLists.ownerId))
      .where(visibleTo(reader))
      .orderBy(asc(sql`lower(${savedLists.name})`), asc(savedLists.id));
  }

  /** Undefined when the reader may not see it (another company's, a colleague's unshared one, or none). */
  async visible(reader: ListReader, id: number, db: DbOrTx = this.db): Promise<SavedListSummary | undefined> {
    const [row] = await db.select(summary).from(savedLists).innerJoin(users, eq(users.id, savedLists.ownerId)).where(and(eq(savedLists.id, id), visibleTo(reader)));
    return row;
  }

  items(listId: number, db: DbOrTx = this.db): Promise<SavedListItemRow[]> {
    return db.select().from(savedListItems).where(eq(savedListItems.listId, listId)).orderBy(asc(savedListItems.id));
  }

  async count(tx: Tx, owner: ListReader): Promise<number> {
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(savedLists)
      .where(and(eq(savedLists.ownerId, owner.userId), eq(savedLists.companyRut, owner.companyRut)));
    return count;
  }

  /** Whether the owner keeps another list (not `except`) of this name for the company, case aside. */
  async nameTaken(tx: Tx, owner: ListReader, name: string, except?: number): Promise<boolean> {
    const same = and(
      eq(savedLists.ownerId, owner.userId),
      eq(savedLists.companyRut, owner.companyRut),
      sql`lower(${savedLists.name}) = lower(${name})`,
      except === undefined ? undefined : ne(savedLists.id, except),
    );
    const [taken] = await tx.select({ id: savedLists.id }).from(savedLists).where(same).limit(1);
    return Boolean(taken);
  }

  async insert(tx: Tx, owner: ListReader, name: string): Promise<number> {
    const [row] = await tx.insert(savedLists).values({ ownerId: owner.userId, companyRut: owner.companyRut, name }).returning({ id: savedLists.id });
    return row!.id;
  }

  async update(tx: Tx, id: number, changes: { name?: string; shared?: boolean }): Promise<void> {
    await tx.update(savedLists).set({ ...changes, updatedAt: new Date() }).where(eq(savedLists.id, id));
  }

  /** Marks the list changed (a style added, removed or its quantities set). */
  async touch(tx: Tx, id: number): Promise<void> {
    await tx.update(savedLists).set({ updatedAt: new Date() }).where(eq(savedLists.id, id));
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(savedLists).where(eq(savedLists.id, id));
  }

  async styleCount(tx: Tx, listId: number): Promise<number> {
    const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(savedListItems).where(eq(savedListItems.listId, listId));
    return count;
  }

  /** False when the list held the style already (nothing changes then). */
  async addStyle(tx: Tx, listId: number, style: string): Promise<boolean> {
    const rows = await tx.insert(savedListItems).values({ listId, style }).onConflictDoNothing().returning({ id: savedListItems.id });
    return rows.length > 0;
  }

  async item(tx: Tx, listId: number, style: string): Promise<SavedListItemRow | undefined> {
    const [row] = await tx.select().from(savedListItems).where(and(eq(savedListItems.listId, listId), eq(savedListItems.style, style))).for('update');
    return row;
  }

  async setQuantities(tx: Tx, itemId: number, quantities: Record<string, number>): Promise<void> {
    await tx.update(savedListItems).set({ quantities }).where(eq(savedListItems.id, itemId));
  }

  /** False when the list did not hold the style. */
  async removeStyle(tx: Tx, listId: number, style: string): Promise<boolean> {
    const rows = await tx.delete(savedListItems).where(and(eq(savedListItems.listId, listId), eq(savedListItems.style, style))).returning({ id: savedListItems.id });
    return rows.length > 0;
  }

  /** Locks the owner's user row: their list writes queue, so two creates cannot both pass the limit or the name check. */
  async lockOwner(tx: Tx, userId: number): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  }

  /** Locks one list: its style writes queue, so two adds cannot both pass the style limit. */
  async lockList(tx: Tx, id: number): Promise<void> {
    await tx.select({ id: savedLists.id }).from(savedLists).where(eq(savedLists.id, id)).for('update');
  }
}
