// Money in Chile: CLP, symbol $, dot thousands, no decimals; all prices rounded to whole pesos.
export const VAT_RATE = 0.19;

const clp = new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP', maximumFractionDigits: 0 });
const integer = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 0 });

/** Rounds half away from zero to whole pesos (Math.round rounds -0.5 toward zero). */
export function roundPesos(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** '$1.234.567'; a negative amount (a credit) with its sign first: '-$33.535'. */
export function formatCLP(value: number | null | undefined): string {
  const pesos = roundPesos(Number(value ?? 0));
  return pesos < 0 ? `-${clp.format(-pesos)}` : clp.format(pesos);
}

export function formatInteger(value: number | null | undefined): string {
  return integer.format(Math.trunc(Number(value ?? 0)));
}
