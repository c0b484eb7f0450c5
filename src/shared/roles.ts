/**
 * Who a user is: a buying company's person (USER), the wholesaler's sales rep (VENDEDOR, docs/sales-reps.md) or the
 * wholesaler's admins (ADMIN, SUPERADMIN).
 */
export const ROLES = ['USER', 'ADMIN', 'SUPERADMIN', 'VENDEDOR'] as const;
export type Role = (typeof ROLES)[number];

export function isAdminRole(role: string | null | undefined): boolean {
  return role === 'ADMIN' || role === 'SUPERADMIN';
}

export function isRepRole(role: string | null | undefined): boolean {
  return role === 'VENDEDOR';
}

/**
 * The customers a VENDEDOR may represent: ASIGNADOS, the business partners whose SalesPersonCode in the ERP is the
 * rep's (a reassignment in the ERP counts without touching the portal); TODOS, every customer.
 */
export const REP_SCOPES = ['ASIGNADOS', 'TODOS'] as const;
export type RepScope = (typeof REP_SCOPES)[number];

export const REP_SCOPE_LABELS: Record<RepScope, string> = {
  ASIGNADOS: 'Clientes asignados',
  TODOS: 'Todos los clientes',
};
