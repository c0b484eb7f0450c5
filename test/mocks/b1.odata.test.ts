import { B1Error } from '@mocks/b1/errors';
import { evaluate, nextLink, parseFilter, parseQueryOptions, parseResourcePath, runQuery } from '@mocks/b1/odata';

const rows = [
  { Code: 'A', Name: "O'Higgins", N: 5, Opt: null as string | null, Tags: { Level: 1 } },
  { Code: 'B', Name: 'Biobío', N: -2.5, Opt: 'x', Tags: { Level: 2 } },
  { Code: 'c', Name: 'araucanía', N: 10, Opt: null, Tags: { Level: 3 } },
];
const where = (filter: string): string[] =>
  rows.filter((r) => evaluate(parseFilter(filter), r) === true).map((r) => r.Code);

const expect400 = (fn: () => unknown): void => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(B1Error);
    expect((e as B1Error).status).toBe(400);
    expect((e as B1Error).code).toBe(-1000);
    return;
  }
  throw new Error('expected a 400 B1Error');
};

describe('B1 OData $filter', () => {
  it('compares strings case-insensitively and unescapes doubled quotes', () => {
    expect(where("Name eq 'o''higgins'")).toEqual(['A']);
    expect(where("Code eq 'C'")).toEqual(['c']);
    expect(where("Name gt 'b'")).toEqual(['A', 'B']);
  });

  it('handles numbers, negative and decimal literals and null', () => {
    expect(where('N lt 0')).toEqual(['B']);
    expect(where('N ge -2.5 and N le 5')).toEqual(['A', 'B']);
    expect(where('Opt eq null')).toEqual(['A', 'c']);
    expect(where('Opt ne null')).toEqual(['B']);
    expect(where('Opt gt null')).toEqual([]);
  });

  it('gives and precedence over or, honours parentheses and not', () => {
    expect(where("Code eq 'A' or Code eq 'B' and N gt 100")).toEqual(['A']);
    expect(where("(Code eq 'A' or Code eq 'B') and N gt 0")).toEqual(['A']);
    expect(where("not (Code eq 'A' or Code eq 'B')")).toEqual(['c']);
    expect(where("not startswith(Name,'bio')")).toEqual(['A', 'c']);
  });

  it('supports contains, startswith, endswith, substringof, tolower and nested paths', () => {
    expect(where("contains(Name,'HIG')")).toEqual(['A']);
    expect(where("endswith(Name,'nía')")).toEqual(['c']);
    expect(where("substringof('bío',Name)")).toEqual(['B']);
    expect(where("startswith(Name,'Bio') eq true")).toEqual(['B']);
    expect(where("tolower(Code) eq 'c'")).toEqual(['c']);
    expect(where('Tags/Level ge 2')).toEqual(['B', 'c']);
  });

  it.each([
    "Name eq 'unterminated",
    'Name eq',
    "Name eq 'a' and",
    "(Name eq 'a'",
    "Name eq 'a')",
    "frobnicate(Name,'a')",
    "contains(Name)",
    'Name ~ 3',
    "eq 'a'",
  ])('rejects malformed filter %s with 400 / -1000', (filter) => {
    expect400(() => parseFilter(filter));
  });
});

describe('B1 OData query options and paths', () => {
  it('parses resource paths with string, integer and named keys, actions and $count', () => {
    expect(parseResourcePath("BusinessPartners('C76123456')")).toEqual({ set: 'BusinessPartners', key: 'C76123456' });
    expect(parseResourcePath("Items('O''NEIL')")).toEqual({ set: 'Items', key: "O'NEIL" });
    expect(parseResourcePath('Invoices(22)')).toEqual({ set: 'Invoices', key: 22 });
    expect(parseResourcePath('Orders(5)/Cancel')).toEqual({ set: 'Orders', key: 5, tail: 'Cancel' });
    expect(parseResourcePath('Items/$count')).toEqual({ set: 'Items', tail: '$count' });
    expect(parseResourcePath("States(Code='RM',Country='CL')")).toEqual({ set: 'States', key: { Code: 'RM', Country: 'CL' } });
    expect(parseResourcePath('Items/../x')).toBeNull();
    expect400(() => parseResourcePath('Items(abc)'));
  });

  it('orders by several fields, pages with $top/$skip and reports the next page', () => {
    const q = parseQueryOptions(new URLSearchParams('$orderby=Opt desc,N asc&$top=2&$skip=0'));
    const r = runQuery(rows, q, 1);
    expect(r.page.map((x) => x.Code)).toEqual(['B']);
    expect(r.count).toBe(-1); // a page without $inlinecount is not counted
    expect(r.next).toEqual({ skip: 1, top: 1 });
    const counted = runQuery(rows, parseQueryOptions(new URLSearchParams('$orderby=Opt desc,N asc&$top=2&$inlinecount=allpages')), 1);
    expect(counted.page.map((x) => x.Code)).toEqual(['B']);
    expect(counted.count).toBe(3);
    expect(counted.next).toEqual({ skip: 1, top: 1 });
    const last = runQuery(rows, parseQueryOptions(new URLSearchParams('$orderby=Opt desc,N asc&$skip=2')), 1);
    expect(last.page.map((x) => x.Code)).toEqual(['c']);
    expect(last.next).toBeUndefined();
    const all = runQuery(rows, parseQueryOptions(new URLSearchParams('$orderby=Opt desc,N asc')), 0);
    expect(all.page.map((x) => x.Code)).toEqual(['B', 'A', 'c']);
    expect(all.next).toBeUndefined();
  });

  it('rejects bad $top, $skip, $orderby and $inlinecount', () => {
    expect400(() => parseQueryOptions(new URLSearchParams('$top=-1')));
    expect400(() => parseQueryOptions(new URLSearchParams('$skip=x')));
    expect400(() => parseQueryOptions(new URLSearchParams('$orderby=Name sideways')));
    expect400(() => parseQueryOptions(new URLSearchParams('$inlinecount=some')));
    expect400(() => parseQueryOptions(new URLSearchParams('$select=Name,')));
  });

  it('builds nextLink keeping the other options', () => {
    const params = new URLSearchParams("$select=ItemCode&$filter=U_Talla eq 'M'&$skip=20");
    expect(nextLink('/b1s/v1/Items', params, { skip: 40 })).toBe(
      "/b1s/v1/Items?$select=ItemCode&$filter=U_Talla%20eq%20'M'&$skip=40",
    );
    expect(nextLink('/b1s/v1/Items', new URLSearchParams(''), { skip: 20, top: 5 })).toBe('/b1s/v1/Items?$top=5&$skip=20');
  });
});
