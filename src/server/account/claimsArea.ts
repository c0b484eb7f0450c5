import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../routeDeps';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PrivateFileStore } from '../storage/privateFiles';
import { AccountAlertsJob } from './alerts';
import alertsRoutes from './alerts.routes';
import claimsRoutes from './claims.routes';
import { ClaimService } from './claims.service';
import type { DteProvider } from './dteProvider';

/** Settings of the claims and alerts (main: ACCOUNT_ALERTS_INTERVAL). */
export interface AccountClaimsOptions {
  /** Pause between alert runs (ms); default 4 h. */
  alertsIntervalMs?: number;
  /** false: the alerts job is not started on ready (tests run it by hand). */
  alertsAutoStart?: boolean;
  /** The Chilean calendar day (tests inject it). */
  today?: () => string;
}

/**
 * The account's claims and mail alerts (docs/account.md): the claim and file routes, the alerts switch, and the
 * periodic alerts job, started on ready and stopped on close. Answers both so the app can hand the claims to the
 * account list (ClaimRepo.claimsOf) and tests can run the job.
 */
export async function registerAccountClaims(
  app: FastifyInstance,
  deps: RouteDeps & { notifications: NotificationsService; privateFiles: PrivateFileStore; publicUrl: string; dte: DteProvider },
  opts: AccountClaimsOptions = {},
): Promise<{ claims: ClaimService; alerts: AccountAlertsJob }> {
  const claims = new ClaimService({ ...deps, today: opts.today });
  await app.register(claimsRoutes, { claims });
  await app.register(alertsRoutes, { db: deps.db });
  const alerts = new AccountAlertsJob({ ...deps, intervalMs: opts.alertsIntervalMs, today: opts.today, logger: app.log });
  if (opts.alertsAutoStart !== false) app.addHook('onReady', async () => alerts.start());
  app.addHook('onClose', async () => alerts.stop());
  return { claims, alerts };
}
