import { navItems } from '@client/components/SideNav';
import type { CompanyRole } from '@shared/companyRoles';

// The side menu follows the buyer's role inside the company, from the same table the server's guards read.
const paths = (companyRole: CompanyRole | null) => navItems({ loggedIn: true, isAdmin: false, isUser: true, companyRole }).map((item) => item.to);

describe('the side menu of each role inside the company', () => {
  it('gives the company administrator every buyer entry', () => {
    expect(paths('ADMINISTRADOR')).toEqual(expect.arrayContaining(['/user/quick-order', '/user/pending-payments', '/user/purchase-history', '/user/orders']));
  });

  it('gives a Comprador ordering, the history and Mis pedidos, not the pending invoices', () => {
    const items = paths('COMPRADOR');
    expect(items).toEqual(expect.arrayContaining(['/user/quick-order', '/user/purchase-history', '/user/orders']));
    expect(items).not.toContain('/user/pending-payments');
  });

  it('gives Finanzas the invoices and the history, no ordering', () => {
    const items = paths('FINANZAS');
    expect(items).toEqual(expect.arrayContaining(['/user/pending-payments', '/user/purchase-history', '/user/orders']));
    expect(items).not.toContain('/user/quick-order');
  });

  it('gives an Aprobador the catalogue and Mis pedidos only', () => {
    const items = paths('APROBADOR');
    expect(items).toEqual(expect.arrayContaining(['/', '/user/catalog', '/user/orders']));
    expect(items).not.toEqual(expect.arrayContaining(['/user/quick-order']));
    expect(items).not.toContain('/user/pending-payments');
    expect(items).not.toContain('/user/purchase-history');
  });
});
