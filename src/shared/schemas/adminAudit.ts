import * as yup from '../yup';
import type { AuditActionKind, AuditEntityKind } from '../api/adminAudit';
import { listQueryFields, oneOfOptional } from './lists';

// Query of GET /api/admin/audit.

export const AUDIT_MSG = {
  entity: 'Tipo de registro inválido',
  action: 'Acción inválida',
  actor: 'Usuario inválido',
  entityId: 'Identificador de registro inválido',
} as const;

export const AUDIT_ENTITIES: readonly AuditEntityKind[] = ['user', 'product', 'banner', 'notification', 'job'];
export const AUDIT_ACTIONS: readonly AuditActionKind[] = ['create', 'update', 'delete'];
export const AUDIT_SORTS = ['at', 'actor', 'entity', 'action', 'entityId'] as const;

/** Spanish names of the kinds of record and actions (filters and the CSV). */
export const AUDIT_ENTITY_LABELS: Record<AuditEntityKind, string> = {
  user: 'Usuario',
  product: 'Producto',
  banner: 'Banner',
  notification: 'Destinatario de notificación',
  job: 'Trabajo ERP',
};
export const AUDIT_ACTION_LABELS: Record<AuditActionKind, string> = { create: 'Creación', update: 'Modificación', delete: 'Eliminación' };

export const auditListQuerySchema = yup.object({
  ...listQueryFields(AUDIT_SORTS, { sort: 'at', dir: 'desc' }),
  actor: yup.string().trim().max(20, AUDIT_MSG.actor).optional(),
  entity: oneOfOptional(AUDIT_ENTITIES, AUDIT_MSG.entity),
  action: oneOfOptional(AUDIT_ACTIONS, AUDIT_MSG.action),
  entityId: yup.string().trim().max(60, AUDIT_MSG.entityId).optional(),
});
export type AuditListQuery = yup.InferType<typeof auditListQuerySchema>;
