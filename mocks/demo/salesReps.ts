// The wholesaler's sales employees (vendedores) of the demo: the SalesPersons the B1 stand-in holds and the demo
// companies each one is assigned in B1 (BusinessPartners.SalesPersonCode). The stand-in builds its SalesPersons and
// its partners' SalesPersonCode from this list, and the portal's seed can create the reps' users (and print their
// logins) from the same list. Only the embedded-default switch and the stand-in read it.

/** B1's "no sales employee": the SalesPersons row every company database has, and a partner's code when it has none. */
export const NO_SALES_EMPLOYEE_CODE = -1;
export const NO_SALES_EMPLOYEE_NAME = '-Ningún empleado del departamento de ventas-';

export interface DemoSalesRep {
  /** B1's SalesEmployeeCode (OSLP.SlpCode). */
  code: number;
  /** SalesEmployeeName: first name and surnames. */
  name: string;
  /** At the wholesaler's domain (as the admin demo users). */
  email: string;
  /** Mobile phone, 9 digits. */
  mobile: string;
  /** The office the rep works from (the portal user's address). */
  office: string;
  /** B1's Active: an inactive employee cannot be put on a new document. */
  active: boolean;
  /** The demo companies (CardCode) whose SalesPersonCode is this employee's. */
  cardCodes: readonly string[];
  /** The rep's portal login (VENDEDOR) in the demo, with its scope; none for an employee without one. */
  login?: { rut: string; password: string; scope: 'ASIGNADOS' | 'TODOS' };
}

/** The wholesaler's mail domain (the admin demo users' one). */
const DOMAIN = 'portal.cl';

export const DEMO_SALES_REPS: readonly DemoSalesRep[] = Object.freeze([
  {
    code: 1, name: 'Carolina Ibáñez Rojas', email: `carolina.ibanez@${DOMAIN}`, mobile: '981234501', office: 'Av. Providencia 1760, Providencia', active: true,
    cardCodes: ['C76123456', 'C76234567', 'C77345678', 'C78456789', 'C76789012'],
    login: { rut: '13.579.246-2', password: 'Demo1234', scope: 'ASIGNADOS' },
  },
  {
    code: 2, name: 'Martín Saavedra Pino', email: `martin.saavedra@${DOMAIN}`, mobile: '981234502', office: 'Av. Providencia 1760, Providencia', active: true,
    cardCodes: ['C77890123', 'C78901234', 'C79012345', 'C79567890', 'C76345678'],
    login: { rut: '14.680.357-1', password: 'Demo1234', scope: 'TODOS' },
  },
  { code: 3, name: 'Rosa Gallardo Muñoz', email: `rosa.gallardo@${DOMAIN}`, mobile: '981234503', office: 'Av. Providencia 1760, Providencia', active: false, cardCodes: [] },
]);

/** The demo company that has no sales employee in B1 (SalesPersonCode -1). */
export const UNASSIGNED_CARDCODE = 'C76678901';

/** The SalesPersonCode B1 holds for a demo company: its rep's code, or -1. */
export function salesPersonCodeOf(cardCode: string): number {
  return DEMO_SALES_REPS.find((r) => r.cardCodes.includes(cardCode))?.code ?? NO_SALES_EMPLOYEE_CODE;
}
