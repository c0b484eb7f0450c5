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
