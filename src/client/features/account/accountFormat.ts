
/** Spec: the value '0' in Entrega, N° Factura and N° Nota crédito means there is none, shown as '-'. */
export function dashIfNone(value: string | number | null | undefined): string {
  if (value === null || value === undefined || String(value).trim() === '' || String(value) === '0') return '-';
  return String(value);
}
