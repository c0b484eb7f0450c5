// The catalogue list's filter is shared with the server's line sheet (docs/linesheet.md).
export { filterCatalogue } from '@shared/catalogueSelection';
