// The people of a buying company and what each role inside the company may do (docs/company-people.md).
// The server's route guards and the SPA's menu read the same table, so a screen is never offered that the server
// would refuse.

export const COMPANY_ROLES = ['ADMINISTRADOR', 'COMPRADOR', 'APROBADOR', 'FINANZAS'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = {
  ADMINISTRADOR: 'Administrador',
  COMPRADOR: 'Comprador',
  APROBADOR: 'Aprobador',
  FINANZAS: 'Finanzas',
};

/**
 * What a buyer route or screen needs:
 * - 'browse': the catalogue, product detail, home, profile, Mis pedidos (every role);
 * - 'buy': the cart, quick order, curves, placing and paying an order of one's own;
 * - 'approve': the orders waiting for the company's approval;
 * - 'finance': pending invoices and their payment, the purchase history;
 * - 'people': the company's people.
 */
export const CAPABILITIES = ['browse', 'buy', 'approve', 'finance', 'people'] as const;
export type Capability = (typeof CAPABILITIES)[number];

const GRANTS: Record<CompanyRole, readonly Capability[]> = {
  ADMINISTRADOR: CAPABILITIES,
  COMPRADOR: ['browse', 'buy'],
  APROBADOR: ['browse', 'approve'],
  FINANZAS: ['browse', 'finance'],
};

export function mayDo(role: CompanyRole | null | undefined, capability: Capability): boolean {
  return !!role && GRANTS[role].includes(capability);
}

/**
 * What the wholesaler's sales rep (VENDEDOR) may do while representing a customer (docs/sales-reps.md): see what the
 * customer sees and build and place its orders; never its invoices' payment, its approvals or its people.
 */
export const REP_CAPABILITIES: readonly Capability[] = ['browse', 'buy'];

/** What a session may do inside the company it acts for: a rep by REP_CAPABILITIES, a person by their role. */
export function sessionMay(session: { role: string; companyRole: CompanyRole | null | undefined }, capability: Capability): boolean {
  return session.role === 'VENDEDOR' ? REP_CAPABILITIES.includes(capability) : mayDo(session.companyRole, capability);
}

/** The 403 message of a role that may not do a thing, in the words of the thing. */
export const CAPABILITY_DENIED: Record<Capability, string> = {
  browse: 'No tiene permisos para esta acción',
  buy: 'Su rol en la empresa no permite comprar: pida a un comprador o al administrador de la empresa',
  approve: 'Su rol en la empresa no permite aprobar pedidos',
  finance: 'Su rol en la empresa no permite ver ni pagar facturas',
  people: 'Solo el administrador de la empresa puede gestionar sus personas',
};

export function isCompanyRole(value: unknown): value is CompanyRole {
  return typeof value === 'string' && (COMPANY_ROLES as readonly string[]).includes(value);
}
