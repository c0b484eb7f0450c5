// What every paged admin list of the API shares (orders, jobs, audit, users): the query conventions and the CSV export.
//
// Query (all optional, validated by the list's schema in src/shared/schemas/):
// - `page` (0-based, default 0) and `pageSize` (1..200, default 50): server-side paging, as the Data Grid counts pages;
// - `sort` (one of the list's sortable columns) and `dir` ('asc' | 'desc'): the list's default when absent;
// - `from` / `to` ('YYYY-MM-DD', both days included, Chilean calendar days): the list's date column;
// - `format=csv`: the same filters and sort, every matching row (up to CSV_MAX_ROWS) as a CSV download instead of a page.
//
// Answer: `{ rows, total, page, pageSize }` (each list names its own type: AdminOrderList, AdminJobList, …), `total`
// counting every row the filters select.

export type SortDirection = 'asc' | 'desc';

/** The largest export: a CSV of more rows answers 400 (narrow the filters). */
export const CSV_MAX_ROWS = 50_000;

/**
 * The CSV export (`?format=csv`): `text/csv; charset=utf-8`, `Content-Disposition: attachment; filename="<list>-<date>.csv"`,
 * UTF-8 with a BOM (so Excel reads the accents), RFC 4180 (CRLF line ends, a field with the separator, a quote, a
 * comma or a line break is quoted and its quotes doubled) with `;` as the separator, which is what Excel expects in
 * Spanish locales (es-CL uses ',' for decimals). Dates are Chilean local time as 'dd-mm-aaaa hh:mm:ss', amounts whole
 * pesos without thousands separators (Excel reads both as dates and numbers). A text cell starting with =, +, -, @, a
 * tab or a carriage return is prefixed with ' so that a spreadsheet never runs it as a formula.
 */
export const CSV_SEPARATOR = ';';
