import type { AuditActionKind, AuditEntityKind, AuditList, AuditRow, AuditValue } from '@shared/api/adminAudit';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, auditActorText, auditFieldLabel, auditValueLabel, type AuditListQuery } from '@shared/schemas/adminAudit';
import type { Db } from '../db/connect';
import type { AuditLogRow } from '../db/schema';
import type { CsvColumn } from '../http/csv';
import { assertExportable, pageWindow } from '../http/listQuery';
import { CompanyNames } from '../profile/companyNames';
import { AuditRepo } from './audit.repo';

type Values = Record<string, AuditValue>;

/** Only primitive values of a stored object survive (rows written before values were kept have none). */
function values(value: unknown): Values | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const out: Values = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = v;
  }
  return out;
}

/** The customer a representing sales rep acted for, as AuditLog.record keeps it (changes.actor.onBehalfOf). */
function onBehalfOf(changes: Record<string, unknown>): AuditRow['onBehalfOf'] {
  const actor = changes.actor && typeof changes.actor === 'object' ? (changes.actor as Record<string, unknown>) : {};
  const company = values(actor.onBehalfOf);
  if (!company || typeof company.rut !== 'string' || !company.rut) return null;
  return { name: typeof company.name === 'string' ? company.name : '', rut: company.rut };
}

/** Who made the change as the row kept it (rows of staff, and older rows, keep no more than the login). */
function actorOf(changes: Record<string, unknown>): { name: string; companyRut: string } {
  const actor = values(changes.actor);
  return { name: typeof actor?.name === 'string' ? actor.name : '', companyRut: typeof actor?.companyRut === 'string' ? actor.companyRut : '' };
}

export function toAuditRow(row: AuditLogRow, companyName: (rut: string) => string | null = () => null): AuditRow {
  const changes = (row.changes ?? {}) as Record<string, unknown>;
  const actor = actorOf(changes);
  const fields = Array.isArray(changes.fields) ? changes.fields.filter((f): f is string => typeof f === 'string') : [];
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorUsername: row.actorUsername,
    actorName: actor.name,
    actorCompanyRut: actor.companyRut,
    actorCompanyName: actor.companyRut ? companyName(actor.companyRut) : null,
    onBehalfOf: onBehalfOf(changes),
    action: row.action as AuditActionKind,
    entity: row.entity as AuditEntityKind,
    entityId: row.entityId,
    fields,
    before: values(changes.before),
    after: values(changes.after),
    details: values(changes.details) ?? {},
  };
}

/** 'campo: valor; …' for the CSV. */
/** Values as 'Campo: valor; …', in the screens' words. */
const flat = (v: Values | null) =>
  v
    ? Object.entries(v)
        .map(([k, x]) => `${auditFieldLabel(k)}: ${x === null ? '' : String(auditValueLabel(k, x))}`)
        .join('; ')
    : '';

export const AUDIT_CSV: CsvColumn<AuditRow>[] = [
  { header: 'Fecha', value: (r) => new Date(r.at) },
  { header: 'Usuario', value: (r) => r.actorUsername },
  { header: 'Acción', value: (r) => AUDIT_ACTION_LABELS[r.action] ?? r.action },
  { header: 'Registro', value: (r) => AUDIT_ENTITY_LABELS[r.entity] ?? r.entity },
  { header: 'Id', value: (r) => r.entityId },
  { header: 'Campos', value: (r) => r.fields.map(auditFieldLabel).join(', ') },
  { header: 'Antes', value: (r) => flat(r.before) },
  { header: 'Después', value: (r) => flat(r.after) },
  { header: 'Detalles', value: (r) => flat(r.details) },
  { header: 'Nombre', value: (r) => r.actorName },
  { header: 'Rut empresa', value: (r) => r.actorCompanyRut },
  { header: 'Empresa', value: (r) => r.actorCompanyName },
  // the sentence Auditoría shows: '… en nombre de {company}' for a sales rep representing a customer
  { header: 'Quién', value: (r) => auditActorText(r) },
];

/** 'Auditoría': the audit trail page by page, or whole for the CSV. */
export class AuditService {
  private readonly repo: AuditRepo;

  /** `companies`: the ERP names of the companies people acted for (absent: no names). */
  constructor(
    db: Db,
    private readonly companies?: Pick<CompanyNames, 'ofRuts'>,
  ) {
    this.repo = new AuditRepo(db);
  }

  async list(query: AuditListQuery): Promise<AuditList> {
    const { rows, total } = await this.repo.list(query, pageWindow(query, false));
    return { rows: await this.toRows(rows), total, page: query.page, pageSize: query.pageSize };
  }

  async exportRows(query: AuditListQuery): Promise<AuditRow[]> {
    const { rows, total } = await this.repo.list(query, pageWindow(query, true));
    assertExportable(total);
    return this.toRows(rows);
  }

  /** The rows with the ERP names of the companies their people acted for (one batched, cached read). */
  private async toRows(rows: AuditLogRow[]): Promise<AuditRow[]> {
    const ruts = rows.map((r) => actorOf((r.changes ?? {}) as Record<string, unknown>).companyRut).filter(Boolean);
    const names = ruts.length && this.companies ? await this.companies.ofRuts(ruts) : new Map<string, { name: string } | null>();
    return rows.map((r) => toAuditRow(r, (rut) => names.get(CompanyNames.rutKey(rut))?.name ?? null));
  }
}
