import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { COMPANY_ROLES, mayDo } from '@shared/companyRoles';
import type { Db, DbOrTx } from '../db/connect';
import { accountAlertsSent, users } from '../db/schema';

/** The alerts account_alerts_sent records (its enum). */
export type AccountAlert = (typeof accountAlertsSent.alert.enumValues)[number];

/** A person to alert: finance in the company, alerts on, an e-mail, enabled. */
export interface AlertRecipient {
  id: number;
  companyRut: string;
  fullName: string;
  email: string;
}

export interface AlertKey {
  cardCode: string;
  kind: string;
  docEntry: number;
  alert: AccountAlert;
}

const FINANCE_ROLES = COMPANY_ROLES.filter((r) => mayDo(r, 'finance'));

/** Who gets the account's alerts, which were sent, and each person's switch. */
export class AlertsRepo {
  constructor(private readonly db: Db) {}

  /** The people to alert, by company rut (in the order they were created). */
  async recipients(): Promise<Map<string, AlertRecipient[]>> {
    const rows = await this.db
      .select({ id: users.id, companyRut: users.companyRut, fullName: users.fullName, email: users.email })
      .from(users)
      .where(and(eq(users.userType, 'USER'), eq(users.enabled, true), eq(users.accountAlerts, true), ne(users.companyRut, ''), ne(users.email, ''), inArray(users.companyRole, FINANCE_ROLES)))
      .orderBy(users.id);
    const byCompany = new Map<string, AlertRecipient[]>();
    for (const r of rows) byCompany.set(r.companyRut, [...(byCompany.get(r.companyRut) ?? []), r]);
    return byCompany;
  }

  /** Records `alerts` as sent in the caller's transaction; answers only those no run recorded before (the unique key decides). */
  async claim(tx: DbOrTx, alerts: readonly AlertKey[]): Promise<AlertKey[]> {
    if (!alerts.length) return [];
    return tx
      .insert(accountAlertsSent)
      .values([...alerts])
      .onConflictDoNothing()
      .returning({ cardCode: accountAlertsSent.cardCode, kind: accountAlertsSent.kind, docEntry: accountAlertsSent.docEntry, alert: accountAlertsSent.alert });
  }

  /** A person's own switch (false for no such person). */
  async preference(userId: number): Promise<boolean> {
    const [row] = await this.db.select({ on: users.accountAlerts }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.on ?? false;
  }

  async setPreference(userId: number, enabled: boolean): Promise<boolean> {
    const [row] = await this.db.update(users).set({ accountAlerts: enabled, updatedAt: sql`now()` }).where(eq(users.id, userId)).returning({ on: users.accountAlerts });
    return row?.on ?? enabled;
  }
}
