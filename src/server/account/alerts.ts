// The account's mail alerts (docs/account.md): for each company with a finance person who has alerts on, a periodic
// look at its open documents sends, once per document and alert, "new invoice" (issued in the last 7 days), "due in 3
// days or less" and "overdue". Each alert is claimed by a unique insert into account_alerts_sent in the transaction
// that queues its mails, so two runs or two instances never send it twice; one mail per person per run lists them.
import { createHash } from 'node:crypto';
import { ALERTS_SWITCH_TEXTS } from '@shared/accountClaims';
import type { AccountDocument } from '@shared/api/account';
import { daysBetween, daysOverdueOf, effectiveDueDate } from '@shared/accountRules';
import { formatDate } from '@shared/dates';
import { fill } from '@shared/messages';
import { formatCLP } from '@shared/money';
import { chileTodayIso } from '@shared/workingDays';
import type { ErpService } from '../erp/erp.service';
import { PeriodicJob, type MailingJobOptions } from '../jobs/periodic';
import { enqueueMail } from '../mail/mailJob';
import type { CustomerDirectory } from '../profile/customers.service';
import { AlertsRepo, type AccountAlert, type AlertRecipient } from './alerts.repo';
import { dteKey } from './dteProvider';

export const ACCOUNT_ALERTS: readonly AccountAlert[] = ['NEW_INVOICE', 'DUE_SOON', 'OVERDUE'];
export type { AccountAlert };

/** A new invoice is announced when issued at most this many days ago (a first run does not mail a year of history). */
export const NEW_INVOICE_DAYS = 7;
/** "Due soon": due in this many days or fewer (0: today). */
export const DUE_SOON_ALERT_DAYS = 3;

export const ALERT_TEXTS = {
  subject: 'Avisos de su cuenta corriente - {brand}',
  greeting: 'Hola {name}:',
  intro: 'Estos son los avisos de la cuenta corriente de {company} en {brand}.',
  NEW_INVOICE: 'Documentos nuevos',
  DUE_SOON: 'Vencen en los próximos 3 días',
  OVERDUE: 'Vencidos',
  link: 'Vea su cuenta corriente y pague en línea: {url}',
  optOut: 'Para dejar de recibir estos avisos, desactive "{label}" en Mi perfil del portal.',
} as const;

/** The alerts a document is due for today (before looking at which were already sent). */
export function alertsOf(doc: AccountDocument, today: string): AccountAlert[] {
  if (doc.sign < 0 || doc.balance <= 0 || !doc.open) return [];
  const out: AccountAlert[] = [];
  const age = daysBetween(doc.issueDate, today);
  if (age >= 0 && age < NEW_INVOICE_DAYS) out.push('NEW_INVOICE');
  // a ceded document is owed to the cesionario: the wholesaler does not chase it
  if (doc.ceded) return out;
  const left = daysBetween(today, effectiveDueDate(doc));
  if (left >= 0 && left <= DUE_SOON_ALERT_DAYS) out.push('DUE_SOON');
  if (daysOverdueOf(doc, today) > 0) out.push('OVERDUE');
  return out;
}

/** ACCOUNT_ALERTS_INTERVAL: the pause between runs (default 4 h). */
export interface AlertsJobOptions extends MailingJobOptions {
  erp: Pick<ErpService, 'openAccountDocuments'>;
  customers: Pick<CustomerDirectory, 'cardCodeOf' | 'profileOf'>;
}

/** What one run did. */
export interface AlertsRun {
  companies: number;
  alerts: number;
  mails: number;
}

/** The periodic alerts (started on ready, stopped on close: account/claimsArea.ts); `runOnce` for one pass now. */
export class AccountAlertsJob extends PeriodicJob<AlertsRun> {
  private readonly today: () => string;
  private readonly repo: AlertsRepo;

  constructor(private readonly opts: AlertsJobOptions) {
    super(opts.intervalMs ?? 4 * 3_600_000, (err) => opts.logger?.error({ err }, 'avisos de cuenta corriente: la revisión falló'));
    this.today = opts.today ?? (() => chileTodayIso());
    this.repo = new AlertsRepo(opts.db);
  }

  protected async pass(): Promise<AlertsRun> {
    const run: AlertsRun = { companies: 0, alerts: 0, mails: 0 };
    const today = this.today();
    for (const [companyRut, people] of await this.repo.recipients()) {
      try {
        const sent = await this.company(companyRut, people, today);
        run.companies++;
        run.alerts += sent.alerts;
        run.mails += sent.mails;
      } catch (err) {
        this.opts.logger?.warn({ err, companyRut }, 'avisos de cuenta corriente: no se pudo revisar la empresa');
      }
    }
    if (run.mails > 0) {
      this.opts.worker.kick();
      this.opts.logger?.info(run, 'avisos de cuenta corriente enviados');
    }
    return run;
  }

  private async company(companyRut: string, people: AlertRecipient[], today: string): Promise<{ alerts: number; mails: number }> {
    const { db, erp, customers, outbox, mailDomain } = this.opts;
    const cardCode = await customers.cardCodeOf({ companyRut });
    const docs = await erp.openAccountDocuments(cardCode);
    const due = docs.flatMap((doc) => alertsOf(doc, today).map((alert) => ({ doc, alert })));
    if (!due.length) return { alerts: 0, mails: 0 };
    const company = (await customers.profileOf({ companyRut })).nombre;
    return db.transaction(async (tx) => {
      // the unique insert decides: what another run (or instance) already sent is not returned
      const claimed = await this.repo.claim(tx, due.map(({ doc, alert }) => ({ cardCode, kind: doc.kind, docEntry: doc.docEntry, alert })));
      if (!claimed.length) return { alerts: 0, mails: 0 };
      const won = new Set(claimed.map((c) => `${c.kind}:${c.docEntry}:${c.alert}`));
      const mine = due.filter(({ doc, alert }) => won.has(`${dteKey(doc)}:${alert}`));
      const digest = createHash('sha256').update([...won].sort().join(',')).digest('hex').slice(0, 16);
      for (const person of people) {
        const mail = this.mail(person, company, mine);
        await enqueueMail(outbox, tx, `mail:ACCOUNT_ALERT:${cardCode}:${person.id}:${digest}`, { to: person.email, ...mail }, mailDomain);
      }
      return { alerts: claimed.length, mails: people.length };
    });
  }

  /** One person's mail: the documents under each alert, the link to the account, how to turn alerts off. */
  mail(person: Pick<AlertRecipient, 'fullName'>, company: string, items: { doc: AccountDocument; alert: AccountAlert }[]): { subject: string; text: string } {
    const { brandName, publicUrl } = this.opts;
    const lines = [fill(ALERT_TEXTS.greeting, { name: person.fullName || company }), '', fill(ALERT_TEXTS.intro, { company, brand: brandName })];
    for (const alert of ACCOUNT_ALERTS) {
      const docs = items.filter((i) => i.alert === alert).map((i) => i.doc);
      if (!docs.length) continue;
      lines.push('', `${ALERT_TEXTS[alert]}:`);
      for (const d of docs) {
        lines.push(
          `  - ${d.dteName} (tipo ${d.dteType}) N° ${d.folio ?? d.docNum}: total ${formatCLP(d.total)}, saldo ${formatCLP(d.balance)}, emitida ${formatDate(d.issueDate)}, vence ${formatDate(effectiveDueDate(d))}`,
        );
      }
    }
    lines.push('', fill(ALERT_TEXTS.link, { url: `${publicUrl.replace(/\/$/, '')}/user/account` }), '', fill(ALERT_TEXTS.optOut, { label: ALERTS_SWITCH_TEXTS.label }));
    return { subject: fill(ALERT_TEXTS.subject, { brand: brandName }), text: lines.join('\n') };
  }
}
