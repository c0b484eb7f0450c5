// The outbox job that makes a person's ERP contact (ContactEmployees.Active) follow the portal: written in the
// transaction that deactivates or reactivates the person, so revoking a person's access never waits for the ERP, and an
// ERP that is down gets the change when it is back (the worker retries with backoff). The job reads the person's state
// when it runs, not the one it was queued with: two quick changes (off, then on) end with the ERP as the portal is, in
// whatever order their jobs run, and running one twice changes nothing.
import type { FastifyBaseLogger } from 'fastify';
import type { ErpService } from '../erp/erp.service';
import { ErpError } from '../erp/errors';
import { PermanentJobError, type JobHandler } from '../jobs/outbox';
import type { CustomerDirectory } from '../profile/customers.service';
import type { UsersRepo } from '../users/users.repo';

export const ERP_CONTACT_ACTIVE_JOB = 'erp.contactActive';

export interface ContactActivePayload {
  userId: number;
}

/** One job per change (the token version and the time tell two changes of one person apart). */
export const contactActiveDedupeKey = (userId: number, stamp: string) => `${ERP_CONTACT_ACTIVE_JOB}:${userId}:${stamp}`;

export function createContactActiveHandler(deps: {
  users: Pick<UsersRepo, 'findById'>;
  erp: Pick<ErpService, 'setContactPersonActive'>;
  customers: Pick<CustomerDirectory, 'cardCodeOf'>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}): JobHandler {
  return async (payload) => {
    const userId = Number((payload as Partial<ContactActivePayload> | null)?.userId);
    if (!Number.isSafeInteger(userId) || userId <= 0) throw new PermanentJobError(`persona inválida en el trabajo: ${JSON.stringify(payload)}`);
    const person = await deps.users.findById(userId);
    // a person deleted meanwhile, or with no ERP contact: nothing to follow
    if (!person || person.contactCode === null || !person.companyRut) return;
    const cardCode = await deps.customers.cardCodeOf({ companyRut: person.companyRut });
    try {
      await deps.erp.setContactPersonActive(cardCode, person.contactCode, person.enabled);
    } catch (error) {
      // the contact was removed in the ERP: there is nothing left to activate or deactivate there
      if (error instanceof ErpError && error.code === 'ERP_NOT_FOUND') {
        deps.log?.warn({ userId, cardCode, contactCode: person.contactCode }, 'la persona de contacto ya no existe en el ERP');
        return;
      }
      throw error;
    }
  };
}
