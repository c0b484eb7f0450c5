// The catalogue search (the SPA's search box and the line sheet's BUSQUEDA). The search box filters the whole product list on every keystroke (R-SRCH-1): a case-insensitive
// substring of the description or the sku. Each item's lower-cased text is computed once per list, so a
// keystroke costs one `includes` per item; a query that extends the previous one only rescans its matches, and a
// query seen a moment ago (deleting back what was typed) is answered from the last few queries' results.

/** What the search needs of an item; the catalogue rows (CatalogueItem) have it. */
export interface Searchable {
  sku: string;
  descripcion: string;
}

export interface SearchIndex<T extends Searchable> {
  readonly items: readonly T[];
  /** `descripcion` + a separator + `sku`, lower-cased: a match never spans the two. */
  readonly haystacks: readonly string[];
  /** The last query and the positions it matched, to narrow the next, longer query. */
  last: { query: string; positions: number[] } | null;
  /** The results of the latest queries (oldest first), answered again without a scan. */
  readonly recent: Map<string, { positions: number[]; result: T[] }>;
}

/** How many queries' results an index keeps. */
export const RECENT_QUERIES = 32;

const indexes = new WeakMap<readonly Searchable[], SearchIndex<Searchable>>();

export function buildSearchIndex<T extends Searchable>(items: readonly T[]): SearchIndex<T> {
  const haystacks = new Array<string>(items.length);
  for (let i = 0; i < items.length; i += 1) {
    const item = items[i]!;
    haystacks[i] = `${item.descripcion ?? ''}\u0000${item.sku ?? ''}`.toLowerCase();
  }
  return { items, haystacks, last: null, recent: new Map() };
}

/** The index of a list, built the first time the list is searched and kept while the list lives. */
export function searchIndexFor<T extends Searchable>(items: readonly T[]): SearchIndex<T> {
  let index = indexes.get(items) as SearchIndex<T> | undefined;
  if (!index) {
    index = buildSearchIndex(items);
    indexes.set(items, index as SearchIndex<Searchable>);
  }
  return index;
}

/** The normalized query: trimmed and lower-cased. */
export const normalizeQuery = (query: string) => query.trim().toLowerCase();

/**
 * Items whose description or sku contains `query` (case-insensitive), in list order; [] for an empty query. The same
 * query soon after gives the same array (callers must not change it).
 */
export function filterIndex<T extends Searchable>(index: SearchIndex<T>, query: string): T[] {
  const needle = normalizeQuery(query);
  if (!needle) return [];
  const { haystacks, items, recent } = index;
  const seen = recent.get(needle);
  if (seen) {
    index.last = { query: needle, positions: seen.positions };
    return seen.result;
  }
  const positions: number[] = [];
  const last = index.last;
  if (last && needle.startsWith(last.query)) {
    // every match of the longer query also matched the shorter one
    for (const i of last.positions) if (haystacks[i]!.includes(needle)) positions.push(i);
  } else {
    for (let i = 0; i < haystacks.length; i += 1) if (haystacks[i]!.includes(needle)) positions.push(i);
  }
  index.last = { query: needle, positions };
  const result = new Array<T>(positions.length);
  for (let k = 0; k < positions.length; k += 1) result[k] = items[positions[k]!]!;
  recent.set(needle, { positions, result });
  if (recent.size > RECENT_QUERIES) recent.delete(recent.keys().next().value!);
  return result;
}

/** One-shot: filter a list (its index is cached). */
export function filterProducts<T extends Searchable>(items: readonly T[], query: string): T[] {
  return filterIndex(searchIndexFor(items), query);
}
