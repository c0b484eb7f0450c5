// Money in Chile: CLP, symbol $, dot thousands, no decimals; all prices rounded to whole pesos.
export const VAT_RATE = 0.19;

const clp = new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP', maximumFractionDigits: 0 });
const integer = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 0 });

/** Rounds half away from zero to whole pesos (Math.round rounds -0.5 toward zero). */
export function roundPesos(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

export function formatCLP(value: number | null | undefined): string {
  return clp.format(roundPesos(Number(value ?? 0)));
}

export function formatInteger(value: number | null | undefined): string {
  return integer.format(Math.trunc(Number(value ?? 0)));
}
