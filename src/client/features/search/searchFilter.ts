// The search box's filter is the catalogue's one search, shared with the server's line sheet (docs/linesheet.md).
export * from '@shared/catalogueSearch';
