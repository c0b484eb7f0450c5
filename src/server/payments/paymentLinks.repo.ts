// The payment_links table (docs/sales-reps.md#payment-link): single-use links a rep sends the customer. Only the
// SHA-256 of a link's token is stored.
import { createHash } from 'node:crypto';
import { and, desc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/connect';
import { paymentLinks, payments, type PaymentLinkRow, type PaymentRow } from '../db/schema';

export type NewPaymentLink = Pick<typeof paymentLinks.$inferInsert, 'tokenHash' | 'orderId' | 'amount' | 'providers' | 'companyName' | 'sentTo' | 'createdBy' | 'expiresAt'>;

/** SHA-256 (hex) of a link's token: what is stored and looked up. */
export const tokenHashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Marks the link a payment was started from paid, in the transaction that records the payment as PAID. */
export async function markPaymentLinkPaid(tx: DbOrTx, paymentId: number): Promise<void> {
  await tx
    .update(paymentLinks)
    .set({ paidAt: sql`now()` })
    .where(and(eq(paymentLinks.paymentId, paymentId), isNull(paymentLinks.paidAt)));
}

export class PaymentLinkRepo {
  constructor(private readonly db: Db) {}

  byToken(token: string): Promise<PaymentLinkRow | undefined> {
    return this.db
      .select()
      .from(paymentLinks)
      .where(eq(paymentLinks.tokenHash, tokenHashOf(token)))
      .limit(1)
      .then((rows) => rows[0]);
  }

  /** The order's newest link (the one in force unless it expired). */
  latestOfOrder(orderId: number): Promise<PaymentLinkRow | undefined> {
    return this.db
      .select()
      .from(paymentLinks)
      .where(eq(paymentLinks.orderId, orderId))
      .orderBy(desc(paymentLinks.id))
      .limit(1)
      .then((rows) => rows[0]);
  }

  /** Voids the order's links still in force (a new one replaces them), in the caller's transaction. */
  async voidOpen(tx: DbOrTx, orderId: number): Promise<void> {
    await tx
      .update(paymentLinks)
      .set({ voidedAt: sql`now()` })
      .where(and(eq(paymentLinks.orderId, orderId), isNull(paymentLinks.voidedAt)));
  }

  async insert(tx: DbOrTx, link: NewPaymentLink): Promise<PaymentLinkRow> {
    const [row] = await tx.insert(paymentLinks).values(link).returning();
    return row!;
  }

  /** The payment started through the link (the first click's; a later click reuses it while it is open). */
  async attachPayment(linkId: number, paymentId: number): Promise<void> {
    await this.db
      .update(paymentLinks)
      .set({ paymentId, usedAt: sql`coalesce(${paymentLinks.usedAt}, now())` })
      .where(eq(paymentLinks.id, linkId));
  }

  /**
   * The newest payment of the link's order started since the link was made: through the link, or by the company's own
   * people paying the order themselves. It is what decides whether the link was used.
   */
  paymentSince(link: PaymentLinkRow): Promise<PaymentRow | undefined> {
    return this.db
      .select()
      .from(payments)
      .where(or(eq(payments.id, link.paymentId ?? -1), and(eq(payments.orderId, link.orderId), gte(payments.createdAt, link.createdAt))))
      .orderBy(desc(payments.id))
      .limit(1)
      .then((rows) => rows[0]);
  }

  /** Whether a link is past its expiry by the database's clock. */
  async expired(link: PaymentLinkRow): Promise<boolean> {
    const [row] = await this.db
      .select({ expired: sql<boolean>`${paymentLinks.expiresAt} <= now()` })
      .from(paymentLinks)
      .where(eq(paymentLinks.id, link.id));
    return Boolean(row?.expired);
  }
}
