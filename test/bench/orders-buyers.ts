// The buyers of the order benches (orders.bench.ts): as many as asked, each a portal user (its rut is the username) and
// an ERP business partner of its own with that rut, so no two buyers share a cart, a profile or a credit line.
import { checkDigit, formatRut } from '@shared/rut';

export interface BenchBuyer {
  rut: string;
  cardCode: string;
}

export const BENCH_PASSWORD = 'Bench1234';

/** Buyer i (0-based): rut 90.000.001-x onwards (no demo account uses them), CardCode CB90000001 onwards. */
export function benchBuyers(count: number): BenchBuyer[] {
  return Array.from({ length: count }, (_, i) => {
    const body = String(90_000_001 + i);
    return { rut: formatRut(`${body}${checkDigit(body)}`), cardCode: `CB${body}` };
  });
}

/** The portal users of the bench buyers, as seedUsers takes them (every one with BENCH_PASSWORD). */
export function benchSeedUsers(buyers: BenchBuyer[]) {
  return buyers.map((b) => ({
    rut: b.rut, password: BENCH_PASSWORD, role: 'USER' as const, enabled: true, mustChangePassword: false,
    email: `${b.cardCode.toLowerCase()}@bench.cl`, address: 'Bench 1', cellphone: '91234567',
  }));
}

/** What benchErpData changes of the B1 stand-in's data: its business partners and items. */
interface BenchErpData {
  BusinessPartners: Array<{ CardCode: string; CardName: string; FederalTaxID: string; CreditLimit: number; CurrentAccountBalance: number; OpenOrdersBalance: number }>;
  Items: Array<{ ItemCode: string; SalesItem: string; Valid: string; QuantityOnStock: number; ItemWarehouseInfoCollection: Array<{ InStock: number }> }>;
}

/**
 * One business partner per bench buyer in the B1 stand-in's data (a copy of the demo's Gold credit buyer C76123456
 * with its own CardCode and rut, a credit line no bench run exhausts) and stock no bench run sells out. Answers the
 * sellable item codes.
 */
export function benchErpData(data: BenchErpData, buyers: BenchBuyer[]): string[] {
  const template = data.BusinessPartners.find((bp) => bp.CardCode === 'C76123456')!;
  for (const buyer of buyers) {
    data.BusinessPartners.push({
      ...structuredClone(template),
      CardCode: buyer.cardCode,
      CardName: `Comprador de prueba ${buyer.cardCode}`,
      FederalTaxID: buyer.rut.replace(/\./g, ''),
      CreditLimit: 1e12,
      CurrentAccountBalance: 0,
      OpenOrdersBalance: 0,
    });
  }
  const sellable = data.Items.filter((item) => item.SalesItem === 'tYES' && item.Valid === 'tYES');
  for (const item of sellable) {
    for (const row of item.ItemWarehouseInfoCollection) row.InStock = 1e9;
    item.QuantityOnStock = item.ItemWarehouseInfoCollection.reduce((sum, row) => sum + row.InStock, 0);
  }
  return sellable.map((item) => item.ItemCode);
}
