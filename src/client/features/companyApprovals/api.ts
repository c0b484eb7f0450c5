import type { CompanyApprovalDecision, CompanyApprovalList } from '@shared/api/companyApprovals';
import { http, type RequestOptions } from '@client/api/http';

// Mi empresa: Por aprobar: the company's orders that wait for its approval, and the approver's decision.

export const fetchApprovals = (options?: RequestOptions) => http.get<CompanyApprovalList>('/user/company/approvals', options);

/** `total`: the order's total the approver was shown (a re-priced order answers 409 with what changed). */
export const approveOrder = (id: number, total: number, options?: RequestOptions) =>
  http.post<CompanyApprovalDecision>(`/user/company/approvals/${id}/approve`, { total }, options);

export const rejectOrder = (id: number, reason: string, options?: RequestOptions) =>
  http.post<CompanyApprovalDecision>(`/user/company/approvals/${id}/reject`, { reason }, options);
