import * as yup from '../yup';
import type { AuditActionKind, AuditEntityKind, AuditRow, AuditValue } from '../api/adminAudit';
import { companyText, personText } from '../people';
import { JOB_FAILURE_LABELS, JOB_KIND_LABELS, JOB_STATUS_LABELS } from './adminJobs';
import { listQueryFields, oneOfOptional } from './lists';
import { SECTION_LABELS } from './notifications';
import { USER_TYPE_LABELS } from './users';

// Query of GET /api/admin/audit.

export const AUDIT_MSG = {
  entity: 'Tipo de registro inválido',
  action: 'Acción inválida',
  actor: 'Usuario inválido',
  entityId: 'Identificador de registro inválido',
} as const;

export const AUDIT_ENTITIES: readonly AuditEntityKind[] = ['user', 'product', 'banner', 'notification', 'job', 'order', 'representation'];
export const AUDIT_ACTIONS: readonly AuditActionKind[] = ['create', 'update', 'delete'];
export const AUDIT_SORTS = ['at', 'actor', 'entity', 'action', 'entityId'] as const;

/** Spanish names of the kinds of record and actions (filters and the CSV). */
export const AUDIT_ENTITY_LABELS: Record<AuditEntityKind, string> = {
  user: 'Usuario',
  product: 'Producto',
  banner: 'Banner',
  notification: 'Destinatario de notificación',
  job: 'Trabajo ERP',
  order: 'Pedido',
  representation: 'Atención de cliente (vendedor)',
};
export const AUDIT_ACTION_LABELS: Record<AuditActionKind, string> = { create: 'Creación', update: 'Modificación', delete: 'Eliminación' };

/**
 * Spanish names of the fields and details an audit row keeps (users, products, banners, notification recipients, ERP
 * jobs), as the admin screens name them; a field not listed keeps its own name.
 */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  username: 'Rut Empresa',
  password: 'Password',
  email: 'Email',
  address: 'Dirección',
  cellphone: 'Teléfono Móvil',
  enabled: 'Habilitado',
  userType: 'Role',
  name: 'Nombre',
  lastName: 'Apellido',
  section: 'Envío desde',
  offer: 'Oferta',
  genero: 'Género',
  percentage: 'Porcentaje de descuento',
  mainUrlImage: 'Imagen principal',
  secondUrlImage: 'Segunda imagen',
  thirdUrlImage: 'Tercera imagen',
  urlSizeGuideImage: 'Guía de talla',
  urlTechnicalSheet: 'Ficha técnica',
  nameFile: 'Nombre del banner',
  urlBannerImage: 'Imagen 1',
  urlBannerImage2: 'Imagen 2',
  urlBannerImage3: 'Imagen 3',
  status: 'Estado',
  attempts: 'Intentos',
  failure: 'Falla',
  lastError: 'Último error',
  kind: 'Tipo de trabajo',
  key: 'Clave',
  action: 'Acción',
};

/** Spanish names of the coded values of those fields (a job's status, a role); other values as they are. */
const AUDIT_VALUE_LABELS: Record<string, Record<string, string>> = {
  status: JOB_STATUS_LABELS,
  failure: JOB_FAILURE_LABELS,
  kind: JOB_KIND_LABELS,
  action: { retry: 'Reintento a mano' },
  userType: USER_TYPE_LABELS,
  section: SECTION_LABELS,
};

/** A field's name as the screens say it. */
export const auditFieldLabel = (field: string): string => AUDIT_FIELD_LABELS[field] ?? field;

/** A kept value of `field` in Spanish where it is a code; other values unchanged. */
export function auditValueLabel(field: string, value: AuditValue | undefined): AuditValue | undefined {
  return typeof value === 'string' ? (AUDIT_VALUE_LABELS[field]?.[value] ?? value) : value;
}

export const auditListQuerySchema = yup.object({
  ...listQueryFields(AUDIT_SORTS, { sort: 'at', dir: 'desc' }),
  actor: yup.string().trim().max(20, AUDIT_MSG.actor).optional(),
  entity: oneOfOptional(AUDIT_ENTITIES, AUDIT_MSG.entity),
  action: oneOfOptional(AUDIT_ACTIONS, AUDIT_MSG.action),
  entityId: yup.string().trim().max(60, AUDIT_MSG.entityId).optional(),
});
export type AuditListQuery = yup.InferType<typeof auditListQuerySchema>;

/**
 * Who made a change, in a sentence: for a sales rep representing a customer (docs/sales-reps.md) 'Carolina Ibáñez Rojas
 * (13.579.246-2) en nombre de Comercial Los Andes SpA (76.123.456-0)'; for a person of a buying company 'Camila Rojas
 * Pizarro (18.901.234-9), de Comercial Los Andes SpA (76.123.456-0)'; for staff the person alone.
 */
export function auditActorText(row: Pick<AuditRow, 'actorUsername' | 'actorName' | 'actorCompanyRut' | 'actorCompanyName' | 'onBehalfOf'>): string {
  const person = personText({ name: row.actorName, rut: row.actorUsername });
  if (row.onBehalfOf) return `${person} en nombre de ${companyText({ name: row.onBehalfOf.name || row.actorCompanyName, rut: row.onBehalfOf.rut })}`;
  return row.actorCompanyRut ? `${person}, de ${companyText({ name: row.actorCompanyName, rut: row.actorCompanyRut })}` : person;
}
