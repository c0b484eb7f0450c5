import type { RepresentResponse, RepSessionInfo } from '@shared/api/reps';
import { formatRut } from '@shared/rut';
import type { RepScope } from '@shared/roles';
import { fill, MSG } from '@shared/messages';
import { REP_MSG } from '@shared/schemas/reps';
import { AuditLog } from '../audit/auditLog';
import type { SharedReads } from '../catalog/sharedReads.repo';
import { ShortCache } from '../catalog/shortCache';
import type { Db } from '../db/connect';
import type { RepresentationRow } from '../db/schema';
import type { ErpService } from '../erp/erp.service';
import { ErpError } from '../erp/errors';
import { HttpError } from '../errors';
import { SERVER_MSG } from '../messages';
import type { ActingCustomer, RepresentationResolver, SessionUser } from '../plugins/auth';
import type { TokenService } from '../security/tokens';
import type { UsersRepo } from '../users/users.repo';
import { RepresentationsRepo } from './representations.repo';

/**
 * How long the ERP's answer "this customer's sales employee is N" is reused before it is read again (ms). A reassignment
 * in the ERP reaches a rep's session within this time; every request of a representing rep checks it, so without it
 * each click of a rep would cost an ERP round trip. Reassignments are rare (a rep leaves, a territory is split), and 30 s
 * is shorter than any visit or call the rep is on. REP_SCOPE_CACHE changes it.
 */
export const SCOPE_CACHE_MS = 30_000;

/** How long a representation's row is reused by this instance before it is read again (ms); ending one forgets it here at once. */
export const REPRESENTATION_CACHE_MS = 10_000;

type Rep = { userId: number; salesPersonCode: number | null; scope: RepScope };

export interface RepresentationDeps {
  db: Db;
  erp: Pick<ErpService, 'getCustomer' | 'salesPersonOf'>;
  users: Pick<UsersRepo, 'findById'>;
  tokens: Pick<TokenService, 'sign'>;
  /** How long the ERP's assignment of a customer is reused (default SCOPE_CACHE_MS; REP_SCOPE_CACHE in the environment). */
  scopeCacheMs?: number;
  now?: () => number;
  /** On a cluster: a customer's sales employee one instance read, served by the others while fresh (docs/scale-out.md). */
  sharedReads?: SharedReads;
}

/**
 * A sales rep acting for a customer (docs/sales-reps.md): starting and ending a representation, and deciding on each
 * request which customer a rep's token acts for (the auth plugin's resolver).
 */
/** A rep's session as the SPA keeps it (login, /security/me, represent, end): who they are and the customer they act for. */
export function repSessionInfo(
  rep: Pick<RepSessionInfo, 'salesPersonCode' | 'scope'>,
  name: string,
  acting: { cardCode: string; companyRut: string; companyName: string } | null | undefined,
): RepSessionInfo {
  return {
    salesPersonCode: rep.salesPersonCode,
    scope: rep.scope,
    name,
    representing: acting ? { cardCode: acting.cardCode, rut: acting.companyRut, name: acting.companyName } : null,
  };
}

export class RepresentationService implements RepresentationResolver {
  private readonly repo: RepresentationsRepo;
  /** CardCode → the customer's sales employee in the ERP now (null: none; undefined: no such customer). */
  private readonly assigned: ShortCache<number | null | undefined>;
  private readonly rows = new Map<number, { row: RepresentationRow | undefined; until: number }>();
  private readonly now: () => number;

  constructor(private readonly deps: RepresentationDeps) {
    this.repo = new RepresentationsRepo(deps.db);
    this.now = deps.now ?? Date.now;
    this.assigned = new ShortCache(
      (cardCode) =>
        deps.erp.salesPersonOf(cardCode).catch((error: unknown) => {
          if (error instanceof ErpError && error.status === 404) return undefined;
          throw error;
        }),
      { ttlMs: deps.scopeCacheMs ?? SCOPE_CACHE_MS, now: this.now, ...(deps.sharedReads ? { shared: { reads: deps.sharedReads, scope: 'rep-assigned' } } : {}) },
    );
  }

  /** May the rep represent the customer now: every customer for TODOS, those the ERP assigns them for ASIGNADOS. */
  async inScope(rep: Rep, cardCode: string): Promise<boolean> {
    if (rep.salesPersonCode === null) return false;
    if (rep.scope === 'TODOS') return true;
    return (await this.assigned.get(cardCode)) === rep.salesPersonCode;
  }

  async resolve(rep: Rep, representationId: number): Promise<ActingCustomer | string> {
    const row = await this.row(representationId);
    if (!row || row.userId !== rep.userId || row.endedAt) return SERVER_MSG.repRepresentationEnded;
    if (!(await this.inScope(rep, row.cardCode))) return SERVER_MSG.repOutOfScope;
    return { representationId: row.id, cardCode: row.cardCode, companyRut: row.companyRut, companyName: row.companyName };
  }

  /**
   * POST /api/rep/represent/{cardCode}: the session acts for the customer from now on (a new token naming the
   * representation). A customer outside the rep's scope is a 403 whether it exists or not; the one being represented
   * before (by this session) ends.
   */
  async represent(user: SessionUser, cardCode: string): Promise<RepresentResponse> {
    const rep = this.repOf(user);
    if (rep.salesPersonCode === null) throw new HttpError(403, SERVER_MSG.repWithoutSalesPerson);
    if (!(await this.inScope(rep, cardCode))) throw new HttpError(403, SERVER_MSG.repOutOfScope);
    const customer = await this.deps.erp.getCustomer(cardCode);
    const companyRut = formatRut(customer.rut);
    const person = await this.person(user);
    const row = await this.deps.db.transaction(async (tx) => {
      if (user.rep?.representing) await this.repo.end(tx, user.rep.representing.representationId, user.id);
      const started = await this.repo.start(tx, { userId: user.id, cardCode: customer.idcliente, companyRut, companyName: customer.nombre });
      await AuditLog.record(tx, {
        actor: user,
        action: 'create',
        entity: 'representation',
        entityId: started.id,
        after: { cardCode: started.cardCode, companyRut, companyName: started.companyName },
      });
      return started;
    });
    if (user.rep?.representing) this.rows.delete(user.rep.representing.representationId);
    const token = await this.deps.tokens.sign({ userId: user.id, role: user.role, username: user.username, version: person.tokenVersion, representation: row.id });
    const info = repSessionInfo(rep, person.fullName, row);
    return { token, rep: info, message: fill(REP_MSG.represented, { name: row.companyName, rut: companyRut }) };
  }

  /** POST /api/rep/represent/end ('Terminar'): the session acts for no customer again (a new token without one). */
  async end(user: SessionUser): Promise<RepresentResponse> {
    const rep = this.repOf(user);
    const person = await this.person(user);
    const acting = user.rep?.representing;
    let ended: RepresentationRow | undefined;
    if (acting) {
      ended = await this.deps.db.transaction(async (tx) => {
        const row = await this.repo.end(tx, acting.representationId, user.id);
        if (row) await AuditLog.record(tx, { actor: user, action: 'delete', entity: 'representation', entityId: row.id, before: { cardCode: row.cardCode, companyRut: row.companyRut, companyName: row.companyName } });
        return row;
      });
      this.rows.delete(acting.representationId);
    }
    const token = await this.deps.tokens.sign({ userId: user.id, role: user.role, username: user.username, version: person.tokenVersion });
    const message = ended ? fill(REP_MSG.ended, { name: ended.companyName }) : REP_MSG.notEnded;
    return { token, rep: repSessionInfo(rep, person.fullName, null), message };
  }

  private repOf(user: SessionUser): Rep {
    if (!user.rep) throw new HttpError(403, SERVER_MSG.forbidden);
    return { userId: user.id, salesPersonCode: user.rep.salesPersonCode, scope: user.rep.scope };
  }

  private async person(user: SessionUser) {
    const person = await this.deps.users.findById(user.id);
    if (!person || !person.enabled) throw new HttpError(401, MSG.sessionExpired);
    return person;
  }

  private async row(id: number): Promise<RepresentationRow | undefined> {
    const hit = this.rows.get(id);
    if (hit && hit.until > this.now()) return hit.row;
    const row = await this.repo.find(id);
    if (this.rows.size > 10_000) this.rows.clear();
    this.rows.set(id, { row, until: this.now() + REPRESENTATION_CACHE_MS });
    return row;
  }
}
