import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { orderLines, orders, users, type OrderLineRow, type OrderRow } from '../db/schema';

/** Who of the company placed an order: the person's name ('' when none) and login rut. */
export interface OrderPerson {
  name: string;
  rut: string;
}

const PERSON = { name: users.fullName, rut: users.username };

/** A buying company's orders, newest first, for 'Mis pedidos' (every person of the company sees them). */
export class UserOrdersRepo {
  constructor(private readonly db: Db) {}

  async page(companyRut: string, window: { limit: number; offset: number }): Promise<{ rows: Array<{ order: OrderRow; person: OrderPerson }>; total: number }> {
    const rows = await this.db
      .select({ order: orders, person: PERSON })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.companyRut, companyRut))
      .orderBy(desc(orders.id))
      .limit(window.limit)
      .offset(window.offset);
    const [count] = await this.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.companyRut, companyRut));
    return { rows, total: Number(count?.n ?? 0) };
  }

  /** The company's order `id` with its lines and who placed it; undefined when it is not the company's (or does not exist). */
  async own(companyRut: string, id: number): Promise<{ order: OrderRow; lines: OrderLineRow[]; person: OrderPerson } | undefined> {
    const [found] = await this.db
      .select({ order: orders, person: PERSON })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(eq(orders.id, id), eq(orders.companyRut, companyRut)));
    if (!found) return undefined;
    const lines = await this.db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id));
    return { ...found, lines };
  }
}
