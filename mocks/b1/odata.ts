// The OData v3 subset the Service Layer (v1) speaks: resource paths with key predicates, $filter
// (parsed to a tree and evaluated per row), $select, $orderby, $top, $skip, $inlinecount, paging
// with odata.nextLink. String comparison is case-insensitive, as on B1's usual SQL Server collation.
// Malformed options throw a B1Error (400, code -1000).
import { badRequest } from './errors';

// ---------- resource paths ----------

export type KeyValue = string | number;

export interface ResourcePath {
  set: string;
  /** Single key ('C1' / 22) or named parts (States(Code='RM',Country='CL')). */
  key?: KeyValue | Record<string, KeyValue>;
  /** What follows the entity: an action ('Cancel', 'Close') or '$count' after a collection. */
  tail?: string;
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

function parseKeyLiteral(src: string): KeyValue {
  const s = src.trim();
  if (s.startsWith("'")) {
    if (s.length < 2 || !s.endsWith("'")) throw badRequest(`Invalid key value ${s}`);
    const inner = s.slice(1, -1);
    if (inner.replace(/''/g, '').includes("'")) throw badRequest(`Invalid key value ${s}`);
    return inner.replace(/''/g, "'");
  }
  if (/^-?\d+$/.test(s)) return Number(s);
  throw badRequest(`Invalid key value ${s}`);
}

/** Splits on commas outside quotes. */
function splitTopLevel(src: string): string[] {
  const parts: string[] = [];
  let cur = '';
  let quoted = false;
  for (const ch of src) {
    if (ch === "'") quoted = !quoted;
    if (ch === ',' && !quoted) { parts.push(cur); cur = ''; } else cur += ch;
  }
  parts.push(cur);
  return parts;
}

/** 'Items', "Items('A-1')", 'Invoices(22)', 'Orders(5)/Cancel', 'Items/$count', "States(Code='RM',Country='CL')". */
export function parseResourcePath(path: string): ResourcePath | null {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:\((.*)\))?(?:\/([A-Za-z$][A-Za-z0-9_]*))?$/.exec(path);
  if (!m) return null;
  const [, set, keySrc, tail] = m;
  const out: ResourcePath = { set };
  if (tail) out.tail = tail;
  if (keySrc === undefined) return out;
  const parts = splitTopLevel(keySrc);
  if (parts.length === 1 && !/^\s*[A-Za-z_]\w*\s*=/.test(parts[0])) {
    out.key = parseKeyLiteral(parts[0]);
  } else {
    const named: Record<string, KeyValue> = {};
    for (const part of parts) {
      const eq = part.indexOf('=');
      const name = part.slice(0, eq).trim();
      if (eq < 0 || !IDENT.test(name)) throw badRequest(`Invalid key predicate (${keySrc})`);
      named[name] = parseKeyLiteral(part.slice(eq + 1));
    }
    out.key = named;
  }
  return out;
}

// ---------- $filter ----------

export type FilterNode =
  | { kind: 'lit'; value: string | number | boolean | null }
  | { kind: 'field'; path: string[] }
  | { kind: 'cmp'; op: CmpOp; left: FilterNode; right: FilterNode }
  | { kind: 'and' | 'or'; left: FilterNode; right: FilterNode }
  | { kind: 'not'; arg: FilterNode }
  | { kind: 'call'; fn: string; args: FilterNode[] };

type CmpOp = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';
const CMP_OPS = new Set(['eq', 'ne', 'gt', 'ge', 'lt', 'le']);
const FUNCTIONS: Record<string, number> = {
  contains: 2, startswith: 2, endswith: 2, substringof: 2, tolower: 1, toupper: 1, trim: 1, length: 1, indexof: 2,
};

type Token = { t: 'str'; v: string } | { t: 'num'; v: number } | { t: 'id'; v: string } | { t: '(' | ')' | ',' };

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i];
    if (/\s/.test(ch)) { i++; continue; }
    if (ch === '(' || ch === ')' || ch === ',') { tokens.push({ t: ch }); i++; continue; }
    if (ch === "'") {
      let v = '';
      i++;
      for (;;) {
        if (i >= src.length) throw badRequest('Unterminated string literal in $filter');
        if (src[i] === "'") {
          if (src[i + 1] === "'") { v += "'"; i += 2; continue; }
          i++;
          break;
        }
        v += src[i++];
      }
      tokens.push({ t: 'str', v });
      continue;
    }
    const num = /^-?\d+(\.\d+)?([eE][+-]?\d+)?[mMdDfFlL]?/.exec(src.slice(i));
    if (num && (ch !== '-' || /\d/.test(src[i + 1] ?? ''))) {
      tokens.push({ t: 'num', v: Number(num[0].replace(/[mMdDfFlL]$/, '')) });
      i += num[0].length;
      continue;
    }
    const id = /^[A-Za-z_][A-Za-z0-9_]*(\/[A-Za-z_][A-Za-z0-9_]*)*/.exec(src.slice(i));
    if (id) { tokens.push({ t: 'id', v: id[0] }); i += id[0].length; continue; }
    throw badRequest(`Syntax error in $filter at position ${i}: '${src.slice(i, i + 10)}'`);
  }
  return tokens;
}

export function parseFilter(src: string): FilterNode {
  const tokens = tokenize(src);
  let pos = 0;
  const peek = (): Token | undefined => tokens[pos];
  const isWord = (w: string): boolean => { const t = peek(); return t?.t === 'id' && t.v === w; };
  const expect = (t: '(' | ')' | ','): void => {
    if (peek()?.t !== t) throw badRequest(`Syntax error in $filter: expected '${t}'`);
    pos++;
  };

  const parseOr = (): FilterNode => {
    let left = parseAnd();
    while (isWord('or')) { pos++; left = { kind: 'or', left, right: parseAnd() }; }
    return left;
  };
  const parseAnd = (): FilterNode => {
    let left = parseUnary();
    while (isWord('and')) { pos++; left = { kind: 'and', left, right: parseUnary() }; }
    return left;
  };
  const parseUnary = (): FilterNode => {
    if (isWord('not')) { pos++; return { kind: 'not', arg: parseUnary() }; }
    const left = parsePrimary();
    const t = peek();
    if (t?.t === 'id' && CMP_OPS.has(t.v)) {
      pos++;
      return { kind: 'cmp', op: t.v as CmpOp, left, right: parsePrimary() };
    }
    return left;
  };
  const parsePrimary = (): FilterNode => {
    const t = peek();
    if (!t) throw badRequest('Syntax error in $filter: unexpected end');
    pos++;
    if (t.t === '(') { const inner = parseOr(); expect(')'); return inner; }
    if (t.t === 'str') return { kind: 'lit', value: t.v };
    if (t.t === 'num') return { kind: 'lit', value: t.v };
    if (t.t !== 'id') throw badRequest(`Syntax error in $filter: unexpected '${t.t}'`);
    if (t.v === 'null') return { kind: 'lit', value: null };
    if (t.v === 'true' || t.v === 'false') return { kind: 'lit', value: t.v === 'true' };
    if ((t.v === 'datetime' || t.v === 'datetimeoffset') && peek()?.t === 'str') {
      const lit = tokens[pos++] as { v: string };
      return { kind: 'lit', value: lit.v.slice(0, 10) };
    }
    if (peek()?.t === '(') {
      const fn = t.v.toLowerCase();
      if (!(fn in FUNCTIONS)) throw badRequest(`Unknown function '${t.v}' in $filter`);
      pos++;
      const args: FilterNode[] = [];
      if (peek()?.t !== ')') {
        args.push(parseOr());
        while (peek()?.t === ',') { pos++; args.push(parseOr()); }
      }
      expect(')');
      if (args.length !== FUNCTIONS[fn]) throw badRequest(`Function '${fn}' takes ${FUNCTIONS[fn]} argument(s)`);
      return { kind: 'call', fn, args };
    }
    if (CMP_OPS.has(t.v) || ['and', 'or', 'not'].includes(t.v)) throw badRequest(`Syntax error in $filter near '${t.v}'`);
    return { kind: 'field', path: t.v.split('/') };
  };

  if (tokens.length === 0) throw badRequest('Empty $filter');
  const tree = parseOr();
  if (pos !== tokens.length) throw badRequest(`Syntax error in $filter near token ${pos + 1}`);
  return tree;
}

/** First path segment of every field the filter reads (for property validation). */
export function filterFields(node: FilterNode, out = new Set<string>()): Set<string> {
  switch (node.kind) {
    case 'field': out.add(node.path[0]); break;
    case 'cmp': case 'and': case 'or': filterFields(node.left, out); filterFields(node.right, out); break;
    case 'not': filterFields(node.arg, out); break;
    case 'call': node.args.forEach((a) => filterFields(a, out)); break;
    default: break;
  }
  return out;
}

/**
 * The values a filter allows for `field` when it names them (`ItemCode eq 'A' or ItemCode eq 'B'`, maybe AND-ed with
 * other conditions), folded like comparisons; undefined when any value could match. What lets a key look-up use an
 * index instead of walking the set, as a database's primary key does.
 */
export function keyValuesOf(node: FilterNode | undefined, field: string): Set<string> | undefined {
  if (!node) return undefined;
  const isField = (n: FilterNode) => n.kind === 'field' && n.path.length === 1 && n.path[0] === field;
  switch (node.kind) {
    case 'cmp': {
      if (node.op !== 'eq') return undefined;
      const [f, lit] = isField(node.left) ? [node.left, node.right] : [node.right, node.left];
      if (!isField(f) || lit.kind !== 'lit' || typeof lit.value !== 'string') return undefined;
      return new Set([lit.value.toLowerCase()]);
    }
    case 'or': {
      const a = keyValuesOf(node.left, field);
      const b = a && keyValuesOf(node.right, field);
      return a && b ? new Set([...a, ...b]) : undefined;
    }
    case 'and': {
      const a = keyValuesOf(node.left, field);
      const b = keyValuesOf(node.right, field);
      if (a && b) return new Set([...a].filter((v) => b.has(v)));
      return a ?? b;
    }
    default:
      return undefined;
  }
}

type Value = unknown;

function getPath(row: Record<string, unknown>, path: string[]): Value {
  let v: unknown = row;
  for (const seg of path) {
    if (v === null || v === undefined || typeof v !== 'object') return null;
    v = (v as Record<string, unknown>)[seg];
  }
  return v ?? null;
}

const fold = (v: string): string => v.toLowerCase();

/** -1 / 0 / 1, null sorts first; strings case-insensitive; numeric strings against numbers numerically. */
export function compareValues(a: Value, b: Value): number {
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'string' && b.trim() !== '' && !Number.isNaN(Number(b))) b = Number(b);
  if (typeof b === 'number' && typeof a === 'string' && a.trim() !== '' && !Number.isNaN(Number(a))) a = Number(a);
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  const x = fold(String(a));
  const y = fold(String(b));
  return x < y ? -1 : x > y ? 1 : 0;
}

function str(v: Value): string | null {
  return v === null || v === undefined ? null : fold(String(v));
}

export function evaluate(node: FilterNode, row: Record<string, unknown>): Value {
  switch (node.kind) {
    case 'lit': return node.value;
    case 'field': return getPath(row, node.path);
    case 'and': return evaluate(node.left, row) === true && evaluate(node.right, row) === true;
    case 'or': return evaluate(node.left, row) === true || evaluate(node.right, row) === true;
    case 'not': return evaluate(node.arg, row) !== true;
    case 'cmp': {
      const a = evaluate(node.left, row);
      const b = evaluate(node.right, row);
      const nullish = a === null || b === null;
      if (node.op === 'eq') return nullish ? a === b : compareValues(a, b) === 0;
      if (node.op === 'ne') return nullish ? a !== b : compareValues(a, b) !== 0;
      if (nullish) return false;
      const c = compareValues(a, b);
      return node.op === 'gt' ? c > 0 : node.op === 'ge' ? c >= 0 : node.op === 'lt' ? c < 0 : c <= 0;
    }
    case 'call': {
      const args = node.args.map((a) => evaluate(a, row));
      switch (node.fn) {
        case 'tolower': return args[0] === null ? null : String(args[0]).toLowerCase();
        case 'toupper': return args[0] === null ? null : String(args[0]).toUpperCase();
        case 'trim': return args[0] === null ? null : String(args[0]).trim();
        case 'length': return args[0] === null ? null : String(args[0]).length;
        default: break;
      }
      const [x, y] = args.map(str);
      if (x === null || y === null) return node.fn === 'indexof' ? null : false;
      switch (node.fn) {
        case 'contains': return x.includes(y);
        case 'substringof': return y.includes(x);
        case 'startswith': return x.startsWith(y);
        case 'endswith': return x.endsWith(y);
        case 'indexof': return x.indexOf(y);
        default: return false;
      }
    }
    default: return null;
  }
}

// ---------- query options ----------

export interface OrderBy { path: string[]; desc: boolean }

export interface QueryOptions {
  filter?: FilterNode;
  select?: string[];
  orderby?: OrderBy[];
  top?: number;
  skip?: number;
  inlinecount: boolean;
}

function nonNegativeInt(name: string, v: string): number {
  if (!/^\d+$/.test(v.trim())) throw badRequest(`Invalid value '${v}' for ${name}`);
  return Number(v.trim());
}

export function parseQueryOptions(params: URLSearchParams): QueryOptions {
  const q: QueryOptions = { inlinecount: false };
  const filter = params.get('$filter');
  if (filter !== null) q.filter = parseFilter(filter);
  const select = params.get('$select');
  if (select !== null) {
    q.select = select.split(',').map((s) => s.trim());
    for (const s of q.select) if (s !== '*' && !IDENT.test(s)) throw badRequest(`Invalid property '${s}' in $select`);
  }
  const orderby = params.get('$orderby');
  if (orderby !== null) {
    q.orderby = orderby.split(',').map((part) => {
      const m = /^\s*([A-Za-z_][A-Za-z0-9_]*(?:\/[A-Za-z_][A-Za-z0-9_]*)*)(?:\s+(asc|desc))?\s*$/i.exec(part);
      if (!m) throw badRequest(`Invalid $orderby '${part}'`);
      return { path: m[1].split('/'), desc: (m[2] ?? '').toLowerCase() === 'desc' };
    });
  }
  const top = params.get('$top');
  if (top !== null) q.top = nonNegativeInt('$top', top);
  const skip = params.get('$skip');
  if (skip !== null) q.skip = nonNegativeInt('$skip', skip);
  const inline = params.get('$inlinecount');
  if (inline !== null) {
    if (inline !== 'allpages' && inline !== 'none') throw badRequest(`Invalid value '${inline}' for $inlinecount`);
    q.inlinecount = inline === 'allpages';
  }
  return q;
}

/** Rejects property names the entity type does not have (SL: "Property 'X' of 'Y' is invalid"). */
export function validateProperties(q: QueryOptions, known: Set<string>, typeName: string): void {
  const used = new Set<string>();
  if (q.filter) filterFields(q.filter, used);
  q.select?.forEach((s) => { if (s !== '*') used.add(s); });
  q.orderby?.forEach((o) => used.add(o.path[0]));
  for (const name of used) if (!known.has(name)) throw badRequest(`Property '${name}' of '${typeName}' is invalid`);
}

export function matches(q: Pick<QueryOptions, 'filter'>, row: object): boolean {
  return !q.filter || evaluate(q.filter, row as Record<string, unknown>) === true;
}

export function project<T extends object>(row: T, select?: string[]): Partial<T> | T {
  if (!select || select.includes('*')) return row;
  const out: Record<string, unknown> = {};
  for (const f of select) out[f] = (row as Record<string, unknown>)[f] ?? null;
  return out as Partial<T>;
}

export interface QueryResult<T> {
  page: T[];
  /** Rows matching $filter (for odata.count); -1 when the query did not need counting (a page without $inlinecount). */
  count: number;
  /** When more rows remain: the $skip and ($top) of the next page. */
  next?: { skip: number; top?: number };
}

/** The rows in $orderby order (a stable sort: ties keep their order in the set). */
export function sortRows<T extends object>(rows: readonly T[], orderby: readonly OrderBy[]): T[] {
  return [...rows].sort((a, b) => {
    for (const k of orderby) {
      const c = compareValues(getPath(a as Record<string, unknown>, k.path), getPath(b as Record<string, unknown>, k.path));
      if (c !== 0) return k.desc ? -c : c;
    }
    return 0;
  });
}

/**
 * One page of a query. pageSize 0 = no paging. `sorted`: the set's rows already in $orderby order (the store keeps
 * that order for key fields, as a database keeps an index), so a page costs a walk, not a sort. A page asked without
 * $inlinecount stops walking once it knows whether another page follows, as a database's OFFSET … FETCH does.
 */
/**
 * Where earlier pages of one query over one row order ended: [rows matched before, index in the order]. A later page
 * starts walking from the nearest mark instead of the first row, as a database's cursor would; a row whose match
 * changed before a mark meanwhile may then be repeated or missed at a page boundary, as with any paging by $skip.
 */
export type PageMarks = Array<[matched: number, index: number]>;

export function runQuery<T extends object>(rows: T[], q: QueryOptions, pageSize: number, sorted?: T[], marks?: PageMarks): QueryResult<T> {
  const skip = q.skip ?? 0;
  if (pageSize > 0 && !q.inlinecount) {
    const ordered = sorted ?? (q.orderby?.length ? sortRows(rows, q.orderby) : rows);
    const want = q.top !== undefined ? Math.min(q.top, pageSize) : pageSize;
    const page: T[] = [];
    let seen = 0;
    let i = 0;
    for (const [matched, index] of marks ?? []) {
      if (matched <= skip && matched >= seen) [seen, i] = [matched, index];
    }
    let more = false;
    for (; i < ordered.length; i++) {
      const row = ordered[i]!;
      if (q.filter && !matches(q, row)) continue;
      if (seen >= skip + want) {
        more = true;
        break;
      }
      if (seen >= skip) page.push(row);
      seen++;
    }
    if (marks && more) marks.push([seen, i]);
    const out: QueryResult<T> = { page, count: -1 };
    // more rows match, and the client's $top (if any) wants more than this page
    if (more && (q.top === undefined || want < q.top)) {
      out.next = { skip: skip + want, ...(q.top !== undefined ? { top: q.top - want } : {}) };
    }
    return out;
  }
  let result = q.filter ? (sorted ?? rows).filter((r) => matches(q, r)) : (sorted ?? rows);
  if (!sorted && q.orderby?.length) result = sortRows(result, q.orderby);
  const count = result.length;
  const windowEnd = q.top !== undefined ? Math.min(count, skip + q.top) : count;
  const pageEnd = pageSize > 0 ? Math.min(windowEnd, skip + pageSize) : windowEnd;
  const page = result.slice(skip, Math.max(skip, pageEnd));
  const out: QueryResult<T> = { page, count };
  if (pageEnd < windowEnd) out.next = { skip: pageEnd, ...(q.top !== undefined ? { top: windowEnd - pageEnd } : {}) };
  return out;
}

const encodeValue = (v: string): string => encodeURIComponent(v).replace(/%24/g, '$');

/** '/b1s/v1/Items?$filter=...&$skip=40': the request's options with the next $skip (and remaining $top). */
export function nextLink(base: string, params: URLSearchParams, next: { skip: number; top?: number }): string {
  const parts: string[] = [];
  for (const [k, v] of params) {
    if (k === '$skip' || k === '$top') continue;
    parts.push(`${encodeValue(k)}=${encodeValue(v)}`);
  }
  if (next.top !== undefined) parts.push(`$top=${next.top}`);
  parts.push(`$skip=${next.skip}`);
  return `${base}?${parts.join('&')}`;
}
