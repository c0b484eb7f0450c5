// Who wrote an order for the customer: the sales rep representing them (docs/sales-reps.md, "Orders written by a rep").
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/connect';
import { users } from '../db/schema';
import type { SessionUser } from '../plugins/auth';

export interface OrderRep {
  userId: number;
  /** users.full_name of the rep as it is now (the order keeps it as it was when written). */
  name: string;
  /** The rep's ERP sales employee, the ERP order's SalesPersonCode; null when the admin linked none. */
  salesPersonCode: number | null;
}

/** The rep of an order a representing rep places (read in the order's transaction); null for anyone else. */
export async function repOfOrder(tx: DbOrTx, user: Pick<SessionUser, 'id' | 'username' | 'rep'>): Promise<OrderRep | null> {
  if (!user.rep) return null;
  const [row] = await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, user.id));
  return { userId: user.id, name: row?.fullName || user.username, salesPersonCode: user.rep.salesPersonCode };
}
