// Chilean rut rules (R-RUT-1): dots and dash removed, last character is the check digit,
// weights 2..7 from the right, remainder mod 11; remainder 0 -> '0', 1 -> 'K', else 11 - remainder.

/** Keeps digits and a trailing K, upper-cased: '76.123.456-k' -> '76123456K'. */
export function cleanRut(value: string): string {
  return value.replace(/[^0-9kK]/g, '').toUpperCase().replace(/K(?=.)/g, '');
}

export function checkDigit(body: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * weight;
    weight = weight === 7 ? 2 : weight + 1;
  }
  const remainder = sum % 11;
  if (remainder === 0) return '0';
  if (remainder === 1) return 'K';
  return String(11 - remainder);
}

export function isValidRut(value: string | null | undefined): boolean {
  if (!value) return false;
  const clean = cleanRut(value);
  if (clean.length < 2) return false;
  const body = clean.slice(0, -1);
  if (!/^\d+$/.test(body)) return false;
  return checkDigit(body) === clean.slice(-1);
}

/** Dotted digits, dash, upper-case check digit: '761234567' -> '76.123.456-7'. Works on partial input while typing. */
export function formatRut(value: string): string {
  const clean = cleanRut(value);
  if (clean.length <= 1) return clean;
  const body = clean.slice(0, -1);
  const dv = clean.slice(-1);
  return `${body.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${dv}`;
}

/** The form sent to the API and to the ERP: digits, dash, check digit, no dots ('76123456-7'). */
export function compactRut(value: string): string {
  const clean = cleanRut(value);
  if (clean.length <= 1) return clean;
  return `${clean.slice(0, -1)}-${clean.slice(-1)}`;
}
