import { asc, eq, sql } from 'drizzle-orm';
import type { NotificationRecipient } from '@shared/api/orders';
import type { NotificationSection } from '@shared/orders';
import type { Db, DbOrTx } from '../db/connect';
import { notificationRecipients, type NotificationRecipientRow } from '../db/schema';

export type RecipientFields = Pick<NotificationRecipient, 'name' | 'lastName' | 'email' | 'section'>;

export const toRecipient = (row: NotificationRecipientRow): NotificationRecipient => ({
  id: row.id,
  name: row.name,
  lastName: row.lastName,
  email: row.email,
  section: row.section,
});

/** Who receives each section's mail (at most one per section: a unique index keeps it so under concurrent saves). */
export class RecipientsRepo {
  constructor(private readonly db: Db) {}

  async list(): Promise<NotificationRecipient[]> {
    return (await this.db.select().from(notificationRecipients).orderBy(asc(notificationRecipients.id))).map(toRecipient);
  }

  async byId(id: number, tx: DbOrTx = this.db): Promise<NotificationRecipient | undefined> {
    const [row] = await tx.select().from(notificationRecipients).where(eq(notificationRecipients.id, id)).limit(1);
    return row && toRecipient(row);
  }

  async bySection(section: NotificationSection, tx: DbOrTx = this.db): Promise<NotificationRecipient | undefined> {
    const [row] = await tx.select().from(notificationRecipients).where(eq(notificationRecipients.section, section)).limit(1);
    return row && toRecipient(row);
  }

  async count(tx: DbOrTx = this.db): Promise<number> {
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(notificationRecipients);
    return row?.n ?? 0;
  }

  async insert(values: RecipientFields, tx: DbOrTx = this.db): Promise<NotificationRecipient> {
    const [row] = await tx.insert(notificationRecipients).values(values).returning();
    return toRecipient(row!);
  }

  async update(id: number, values: RecipientFields, tx: DbOrTx = this.db): Promise<NotificationRecipient | undefined> {
    const [row] = await tx.update(notificationRecipients).set(values).where(eq(notificationRecipients.id, id)).returning();
    return row && toRecipient(row);
  }

  async delete(id: number, tx: DbOrTx = this.db): Promise<boolean> {
    return (await tx.delete(notificationRecipients).where(eq(notificationRecipients.id, id)).returning({ id: notificationRecipients.id })).length > 0;
  }
}

/** The embedded default's recipients, one per section, at a reserved example domain: only into an empty table. */
export const DEMO_RECIPIENTS: RecipientFields[] = [
  { name: 'Camila', lastName: 'Rojas', email: 'clientes@portal.example', section: 'CREATION_USER' },
  { name: 'Javiera', lastName: 'Muñoz', email: 'reservas@portal.example', section: 'RESERVE' },
  { name: 'Matías', lastName: 'González', email: 'cobranza@portal.example', section: 'CHEQUE' },
  { name: 'Daniela', lastName: 'Soto', email: 'reclamos@portal.example', section: 'ACCOUNT_CLAIM' },
];

/** Seeds DEMO_RECIPIENTS when the table is empty; answers how many were created. Start-up runs it under the start-up lock (startup.ts). */
export async function seedDemoRecipients(db: Db): Promise<number> {
  const repo = new RecipientsRepo(db);
  // in one transaction: a start that dies half-way leaves none, and the next one seeds them all
  return db.transaction(async (tx) => {
    if ((await repo.count(tx)) > 0) return 0;
    for (const r of DEMO_RECIPIENTS) await repo.insert(r, tx);
    return DEMO_RECIPIENTS.length;
  });
}
