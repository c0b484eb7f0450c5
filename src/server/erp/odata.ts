// OData v3/v4 query text for the Service Layer: literals, keys and the $-options, with quoting done in one place
// so no caller ever pastes a value into a filter by hand.

export type ODataValue = string | number | boolean | null | Date;

/** A literal: strings quoted with '' escaping, numbers bare, booleans true/false, dates as 'YYYY-MM-DD'. */
export function literal(value: ODataValue): string {
  if (value === null) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Not a finite OData number: ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return `'${value.toISOString().slice(0, 10)}'`;
  return `'${value.replace(/'/g, "''")}'`;
}

/** An entity path by key: `entity('BusinessPartners', 'C1')` → `BusinessPartners('C1')`, `entity('Invoices', 22)` → `Invoices(22)`. */
export function entity(set: string, key: string | number): string {
  if (typeof key === 'number' && !Number.isInteger(key)) throw new RangeError(`Not an integer key: ${key}`);
  return `${set}(${literal(key)})`;
}

/**
 * Builds a $filter with every interpolated value turned into a literal:
 * filter`CardCode eq ${code} and DocEntry eq ${n}` → `CardCode eq 'C1' and DocEntry eq 7`.
 */
export function filter(strings: TemplateStringsArray, ...values: ODataValue[]): string {
  return strings.reduce((out, part, i) => out + part + (i < values.length ? literal(values[i]) : ''), '');
}

/** `field eq v1 or field eq v2 ...` in parentheses; `(false)`-like never-matching text is avoided by requiring values. */
export function anyOf(field: string, values: readonly ODataValue[]): string {
  if (values.length === 0) throw new RangeError('anyOf needs at least one value');
  return `(${values.map((v) => `${field} eq ${literal(v)}`).join(' or ')})`;
}

export interface ODataQuery {
  select?: readonly string[];
  filter?: string;
  orderby?: string;
  top?: number;
  skip?: number;
  expand?: string;
  /** `$inlinecount=allpages` (v1). */
  inlinecount?: boolean;
  /** Anything else, passed as is (names without `$` are custom parameters). */
  extra?: Record<string, string>;
}

/** Query string (without `?`) with each value percent-encoded; `$` in the option names stays literal. */
export function queryString(query: ODataQuery | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  const add = (name: string, value: string | number | undefined) => {
    if (value === undefined || value === '') return;
    parts.push(`${name}=${encodeURIComponent(String(value))}`);
  };
  add('$select', query.select?.join(','));
  add('$filter', query.filter);
  add('$orderby', query.orderby);
  add('$expand', query.expand);
  add('$top', query.top);
  add('$skip', query.skip);
  if (query.inlinecount) add('$inlinecount', 'allpages');
  for (const [name, value] of Object.entries(query.extra ?? {})) add(name, value);
  return parts.join('&');
}
