// The search box filters the whole product list on every keystroke (spec section 2, Search): a case-insensitive
// substring of the description or the sku. Each item's lower-cased text is computed once per list, so a
// keystroke costs one `includes` per item; a query that extends the previous one only rescans its matches.

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
}

const indexes = new WeakMap<readonly Searchable[], SearchIndex<Searchable>>();

export function buildSearchIndex<T extends Searchable>(items: readonly T[]): SearchIndex<T> {
  const haystacks = new Array<string>(items.length);
  for (let i = 0; i < items.length; i += 1) {
    const item = items[i]!;
    haystacks[i] = `${item.descripcion ?? ''}\u0000${item.sku ?? ''}`.toLowerCase();
  }
  return { items, haystacks, last: null };
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

/** Items whose description or sku contains `query` (case-insensitive), in list order; [] for an empty query. */
export function filterIndex<T extends Searchable>(index: SearchIndex<T>, query: string): T[] {
  const needle = normalizeQuery(query);
  if (!needle) return [];
  const { haystacks, items } = index;
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
  return result;
}

/** One-shot: filter a list (its index is cached). */
export function filterProducts<T extends Searchable>(items: readonly T[], query: string): T[] {
  return filterIndex(searchIndexFor(items), query);
}
