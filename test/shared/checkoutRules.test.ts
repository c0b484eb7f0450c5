import type { InvoiceAddress } from '@shared/api/erp';
import { chequeAllowed, creditAllowed, creditCovers, defaultInvoiceAddress } from '@shared/checkoutRules';

const address = (idfactura: string, predeterminado: 'Y' | 'N'): InvoiceAddress => ({
  idfactura,
  direccion: 'Av. Matta 1200',
  comuna: 'Santiago',
  idregion: 'RM',
  region: 'Metropolitana',
  idpais: 'CL',
  pais: 'Chile',
  predeterminado,
});

describe('cheque (R-CHK-3)', () => {
  it.each([
    ['Cheque', true],
    [' cheque ', true],
    ['CHEQUE', true],
    ['Contado', false],
    ['', false],
  ])('condpago %j: %s', (condpago, allowed) => {
    expect(chequeAllowed({ condpago })).toBe(allowed);
  });

  it('no profile: no cheque', () => {
    expect(chequeAllowed(null)).toBe(false);
  });
});

describe('credit line (R-CHK-3)', () => {
  it('offered only with a limit above 0', () => {
    expect(creditAllowed({ limitecred: 1 })).toBe(true);
    expect(creditAllowed({ limitecred: 0 })).toBe(false);
    expect(creditAllowed({ limitecred: -5 })).toBe(false);
    expect(creditAllowed(null)).toBe(false);
  });

  it('a sale needs the limit to cover the total (equal is enough)', () => {
    expect(creditCovers(462_672, 462_672)).toBe(true);
    expect(creditCovers(1_250_000, 462_672)).toBe(true);
    expect(creditCovers(462_671, 462_672)).toBe(false);
    expect(creditCovers(Number.NaN, 1)).toBe(false);
  });
});

describe('default invoice address', () => {
  it('the one marked predeterminado Y', () => {
    const main = address('CASA MATRIZ', 'Y');
    expect(defaultInvoiceAddress({ factura: [address('SUCURSAL', 'N'), main] })).toBe(main);
  });

  it('none marked, none at all, or no profile: null', () => {
    expect(defaultInvoiceAddress({ factura: [address('SUCURSAL', 'N')] })).toBeNull();
    expect(defaultInvoiceAddress({ factura: [] })).toBeNull();
    expect(defaultInvoiceAddress(null)).toBeNull();
  });
});
