import { buildSearchIndex, filterIndex, filterProducts, RECENT_QUERIES } from '@client/features/search/searchFilter';
import { catalogueItems } from '../catalog/fixtures';

describe('search filter (R-SRCH-1: case-insensitive substring of description or sku)', () => {
  it('matches description and sku in any case, keeping the list order', () => {
    expect(filterProducts(catalogueItems, 'DRY fit').map((i) => i.sku)).toEqual(['POL-1003', 'POL-1004']);
    expect(filterProducts(catalogueItems, 'pan-2001').map((i) => i.sku)).toEqual(['PAN-2001']);
    expect(filterProducts(catalogueItems, 'térmica').map((i) => i.sku)).toEqual(['POL-1008']);
  });

  it('an empty query finds nothing; a match never spans description and sku', () => {
    expect(filterProducts(catalogueItems, '   ')).toEqual([]);
    expect(filterProducts(catalogueItems, 'azulpan')).toEqual([]);
  });

  it('narrowing and widening the query give the same answers as a fresh scan', () => {
    const index = buildSearchIndex(catalogueItems);
    for (const q of ['p', 'po', 'pol', 'pole', 'poler', 'polera', 'poler', 'pol', 'j', 'je']) {
      expect(filterIndex(index, q)).toEqual(catalogueItems.filter((i) => `${i.descripcion}\u0000${i.sku}`.toLowerCase().includes(q)));
    }
  });
});

describe('search filter: the latest queries', () => {
  it('answers a query seen a moment ago with the same result, without scanning again', () => {
    const index = buildSearchIndex(catalogueItems);
    const first = filterIndex(index, 'pol');
    filterIndex(index, 'pole');
    const includes = jest.spyOn(String.prototype, 'includes');
    try {
      expect(filterIndex(index, 'POL ')).toBe(first);
      expect(includes).not.toHaveBeenCalled();
    } finally {
      includes.mockRestore();
    }
    // and narrowing from it still gives a fresh scan's answer
    expect(filterIndex(index, 'pola')).toEqual(catalogueItems.filter((i) => `${i.descripcion}\u0000${i.sku}`.toLowerCase().includes('pola')));
  });

  it('keeps only the latest RECENT_QUERIES queries', () => {
    const index = buildSearchIndex(catalogueItems);
    for (let i = 0; i < RECENT_QUERIES + 5; i += 1) filterIndex(index, `q${i}`);
    expect(index.recent.size).toBe(RECENT_QUERIES);
    expect(index.recent.has('q0')).toBe(false);
    expect(index.recent.has(`q${RECENT_QUERIES + 4}`)).toBe(true);
  });
});
