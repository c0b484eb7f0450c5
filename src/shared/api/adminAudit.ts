// 'Auditoría' of the admin area: who changed what, and when, with the values before and after.
//
// GET /api/admin/audit — query (auditListQuerySchema in src/shared/schemas/adminAudit.ts), all optional:
//   actor          the rut of who made the change, or of the company they acted for, contains (any writing: '22.222.222-2', '22222222')
//   entity         user | product | banner | notification | job | order | representation
//   action         create | update | delete
//   entityId       the record's id (or sku), exact
//   from, to       date, 'YYYY-MM-DD', both included
//   sort           at | actor | entity | action | entityId (default at)
//   dir            asc | desc (default desc)
//   page, pageSize 0-based page, 1..200 rows (default 0, 50)
//   format         csv
// → AuditList

export type AuditEntityKind = 'user' | 'product' | 'banner' | 'notification' | 'job' | 'order' | 'representation';
export type AuditActionKind = 'create' | 'update' | 'delete';

/** A value kept in the audit trail: never a password, a hash or a file's content ('[oculto]' stands for a secret). */
export type AuditValue = string | number | boolean | null;

export interface AuditRow {
  id: number;
  /** ISO. */
  at: string;
  actorId: number;
  /** Who made the change: their login rut, and for a person of a buying company their name and the company. */
  actorUsername: string;
  /** '' for staff, or a login without a name. */
  actorName: string;
  /** The buying company the person acted for ('' for staff). */
  actorCompanyRut: string;
  /** Its name in the ERP; null for staff, or when the ERP could not be asked. */
  actorCompanyName: string | null;
  /**
   * The customer a sales rep acted for while representing it (docs/sales-reps.md): Auditoría reads the row as
   * '{rep} en nombre de {company}'; null for anyone else.
   */
  onBehalfOf: { name: string; rut: string } | null;
  action: AuditActionKind;
  entity: AuditEntityKind;
  /** The record's id, or the sku for product content. */
  entityId: string;
  /** The names of the fields changed (or set, on a create). */
  fields: string[];
  /** The values before the change (update, delete); null when there was nothing before or the row predates it. */
  before: Record<string, AuditValue> | null;
  /** The values after the change (create, update); null on a delete. */
  after: Record<string, AuditValue> | null;
  /** A few more facts (a section, a job's kind and key, 'retry'). */
  details: Record<string, AuditValue>;
}

export interface AuditList {
  rows: AuditRow[];
  total: number;
  page: number;
  pageSize: number;
}
