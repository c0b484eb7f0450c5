import type { AuditList } from '@shared/api/adminAudit';
import type { RequestOptions } from '@client/api/http';
import { downloadListCsv, fetchListPage, type ListQuery } from '@client/api/lists';

// 'Auditoría': the audit log page by page, and its CSV.

export const fetchAudit = (query: ListQuery, options?: RequestOptions) => fetchListPage<AuditList>('/admin/audit', query, options);

export const downloadAuditCsv = (query: ListQuery, options?: RequestOptions) => downloadListCsv('/admin/audit', query, 'auditoria.csv', options);
