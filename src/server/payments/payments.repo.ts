// The payments table: card and bank-transfer payments with their one final outcome. Writes that go with an outcome
// (the order's state, the cart, the ERP jobs) are in PaymentService.applyOutcome, in the same transaction.
import { and, asc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { PaymentProvider, PaymentPurpose, PaymentState } from '@shared/payments';
import { rowsOf, type Db, type DbOrTx, type Tx } from '../db/connect';
import { orders, payments, type OrderRow, type PaymentRow } from '../db/schema';

export type NewPayment = Pick<typeof payments.$inferInsert, 'provider' | 'purpose' | 'orderId' | 'userId' | 'cardCode' | 'amount' | 'reference' | 'sessionId' | 'invoices'>;

export class PaymentRepo {
  constructor(private readonly db: Db) {}

  async insert(tx: DbOrTx, payment: NewPayment): Promise<PaymentRow> {
    const [row] = await tx.insert(payments).values(payment).returning();
    return row!;
  }

  /** Inserts the payment unless its reference is taken (undefined then: the caller draws another reference). */
  async insertIfReferenceFree(tx: DbOrTx, payment: NewPayment): Promise<PaymentRow | undefined> {
    const [row] = await tx.insert(payments).values(payment).onConflictDoNothing({ target: payments.reference }).returning();
    return row;
  }

  /**
   * Records a final outcome once: one conditional update (`outcome_applied_at is null`), so of several callers racing
   * only the first gets the row back; the others get undefined.
   */
  async applyOutcomeOnce(tx: Tx, id: number, outcome: PaymentState, evidence: unknown): Promise<PaymentRow | undefined> {
    const [row] = await tx
      .update(payments)
      .set({ state: outcome, outcomeAppliedAt: sql`now()`, ...(evidence === undefined ? {} : { result: evidence as object }) })
      .where(and(eq(payments.id, id), isNull(payments.outcomeAppliedAt)))
      .returning();
    return row;
  }

  async byId(id: number, tx: DbOrTx = this.db): Promise<PaymentRow | undefined> {
    const [row] = await tx.select().from(payments).where(eq(payments.id, id)).limit(1);
    return row;
  }

  /** By the provider's id: the WebPay token or the Khipu payment_id. */
  /** The first PAID payment of an order, if any. */
  async paidOfOrder(orderId: number): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.state, 'PAID')))
      .orderBy(asc(payments.id))
      .limit(1);
    return row;
  }

  async byProviderId(provider: PaymentProvider, providerId: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider), eq(payments.providerId, providerId)))
      .limit(1);
    return row;
  }

  /** By the portal's reference: the WebPay buy_order or the Khipu transaction_id. */
  async byReference(reference: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db.select().from(payments).where(eq(payments.reference, reference)).limit(1);
    return row;
  }

  /** The payment of an order still waiting for its outcome (at most one: see PaymentService.create). */
  async openOfOrder(tx: DbOrTx, orderId: number): Promise<PaymentRow | undefined> {
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), isNull(payments.outcomeAppliedAt)))
      .orderBy(asc(payments.id))
      .limit(1);
    return row;
  }

  /** Invoice payments of a business partner that are open or paid recently (for the overlap check). */
  async recentInvoicePayments(cardCode: string, sinceMs: number): Promise<PaymentRow[]> {
    return this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.cardCode, cardCode),
          eq(payments.purpose, 'INVOICES' satisfies PaymentPurpose),
          inArray(payments.state, ['CREATED', 'PAID']),
          sql`${payments.createdAt} > now() - ${sinceMs}::int * interval '1 millisecond'`,
        ),
      );
  }

  /** The provider answered the create: its id and the payer's URL. */
  async setProvider(id: number, providerId: string, paymentUrl: string, result: unknown): Promise<PaymentRow> {
    const [row] = await this.db.update(payments).set({ providerId, paymentUrl, result: result as object }).where(eq(payments.id, id)).returning();
    return row!;
  }

  /** Keeps the provider's latest answer of a payment still waiting (never touches a final one). */
  async saveEvidence(id: number, result: unknown): Promise<void> {
    await this.db
      .update(payments)
      .set({ result: result as object })
      .where(and(eq(payments.id, id), isNull(payments.outcomeAppliedAt)));
  }

  /** Removes a payment whose provider create failed (nothing was sent to the payer). */
  async deleteUnstarted(id: number): Promise<void> {
    await this.db.delete(payments).where(and(eq(payments.id, id), isNull(payments.providerId), isNull(payments.outcomeAppliedAt)));
  }

  /** Payments without an outcome created more than `olderThanMs` ago, oldest first. */
  async unfinished(olderThanMs: number, limit: number): Promise<PaymentRow[]> {
    return this.db
      .select()
      .from(payments)
      .where(and(isNull(payments.outcomeAppliedAt), lt(payments.createdAt, sql`now() - ${olderThanMs}::int * interval '1 millisecond'`)))
      .orderBy(asc(payments.createdAt))
      .limit(limit);
  }

  /** How old a payment is by the database's clock (ms). */
  async ageMs(id: number): Promise<number> {
    const [row] = await this.db
      .select({ age: sql<number>`(extract(epoch from (now() - ${payments.createdAt})) * 1000)::float8` })
      .from(payments)
      .where(eq(payments.id, id));
    return Number(row?.age ?? 0);
  }

  /** Locks the order row for the rest of the transaction (one payment is started per order at a time). */
  async lockOrder(tx: Tx, orderId: number): Promise<OrderRow | undefined> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    return row;
  }

  // --- WebPay's commit marks, in payments.result (one statement each, so instances never overwrite each other's) ---

  /** The stored result as a JSON object (`{}` when it is something else). */
  private static resultObject(): SQL {
    return sql`(case when jsonb_typeof(${payments.result}) = 'object' then ${payments.result} else '{}'::jsonb end)`;
  }

  /** Sets the result of a payment still without its outcome; false when it already has one. */
  private async updateOpenResult(paymentId: number, value: SQL): Promise<boolean> {
    const rows = await this.db
      .update(payments)
      .set({ result: value })
      .where(and(eq(payments.id, paymentId), isNull(payments.outcomeAppliedAt)))
      .returning({ id: payments.id });
    return rows.length > 0;
  }

  /** Marks commit `attempt` as sent now (the database's clock): false when the payment already has its outcome. */
  markCommit(paymentId: number, attempt: string): Promise<boolean> {
    const obj = PaymentRepo.resultObject();
    return this.updateOpenResult(
      paymentId,
      sql`${obj} || jsonb_build_object('portal_commits', coalesce(${obj} -> 'portal_commits', '{}'::jsonb) || jsonb_build_object(${attempt}::text, jsonb_build_object('at', (extract(epoch from now()) * 1000)::float8)))`,
    );
  }

  /** Keeps the provider's answer to commit `attempt` beside its mark. */
  async answerCommit(paymentId: number, attempt: string, answer: unknown): Promise<void> {
    const obj = PaymentRepo.resultObject();
    await this.updateOpenResult(paymentId, sql`jsonb_set(${obj}, array['portal_commits', ${attempt}::text, 'answer'], ${JSON.stringify(answer)}::jsonb, true)`);
  }

  async unmarkCommit(paymentId: number, attempt: string): Promise<void> {
    await this.updateOpenResult(paymentId, sql`${PaymentRepo.resultObject()} #- array['portal_commits', ${attempt}::text]`);
  }

  /** Keeps the last status read of an open payment beside its result. */
  async keepStatus(paymentId: number, status: unknown): Promise<void> {
    await this.updateOpenResult(paymentId, sql`${PaymentRepo.resultObject()} || jsonb_build_object('portal_status', ${JSON.stringify(status)}::jsonb)`);
  }

  /** The database's clock in ms (the commit marks are written with it). */
  async databaseNowMs(): Promise<number> {
    const [clock] = await this.db.execute(sql`select (extract(epoch from now()) * 1000)::float8 as "nowMs"`).then((r) => rowsOf<{ nowMs: number }>(r));
    return Number(clock?.nowMs ?? Date.now());
  }
}
