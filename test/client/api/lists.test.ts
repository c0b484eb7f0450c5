import { decimalParam, downloadListCsv, listSearch } from '@client/api/lists';
import { DECIMAL_INTEGER } from '@shared/schemas/lists';

// The SPA never sends a list a page, page size or numeric filter the server's schemas refuse: String() of a number can
// be '1e+21', 'NaN', '-1' or '2.5'; only plain decimal digits go.
describe('list query strings', () => {
  it('pages and sizes as plain decimal digits', () => {
    expect(listSearch({ page: 3, pageSize: 25, sort: 'createdAt', dir: 'desc' })).toBe('?page=3&pageSize=25&sort=createdAt&dir=desc');
    expect(listSearch({ page: 0, pageSize: 10 })).toBe('?page=0&pageSize=10');
  });

  it.each([1e21, Number.NaN, Infinity, -1, 2.5])('%p as a page goes as the first page, as a size as none (the default)', (odd) => {
    const search = new URLSearchParams(listSearch({ page: odd, pageSize: odd }));
    expect(search.get('page')).toBe('0');
    expect(search.has('pageSize')).toBe(false);
  });

  it('a numeric filter goes only as plain digits; text filters trimmed', () => {
    expect(listSearch({ page: 0, pageSize: 10, filters: { userId: 42, q: '  polera ' } })).toBe('?page=0&pageSize=10&userId=42&q=polera');
    expect(listSearch({ page: 0, pageSize: 10, filters: { userId: 1e21 } })).toBe('?page=0&pageSize=10');
    expect(listSearch({ page: 0, pageSize: 10, filters: { userId: Number.NaN } })).toBe('?page=0&pageSize=10');
  });

  it('every value decimalParam gives is one the server takes', () => {
    for (const n of [0, 7, 25, 100_000]) expect(DECIMAL_INTEGER.test(decimalParam(n)!)).toBe(true);
    expect([1e21, -1, 0.5, Number.NaN, -Infinity].map(decimalParam)).toEqual([null, null, null, null, null]);
  });

  it('the CSV export carries no paging', async () => {
    const fetchMock = jest.spyOn(global, 'fetch').mockResolvedValue(new Response('a;b\n', { status: 200, headers: { 'content-type': 'text/csv' } }));
    try {
      await downloadListCsv('/admin/orders', { page: 1e21, pageSize: Number.NaN, filters: { userId: 7 } }, 'pedidos.csv');
      expect(String(fetchMock.mock.calls.at(-1)?.[0])).toMatch(/\/admin\/orders\?userId=7&format=csv$/);
    } finally {
      fetchMock.mockRestore();
    }
  });
});
