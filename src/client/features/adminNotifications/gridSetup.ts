import { esES } from '@mui/x-data-grid/locales';

// jsdom has no layout: the grid renders every row there instead of virtualizing (docs/decisions.md, D16).
export const inJsdom = typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom');

/** The grid's Spanish texts with this screen's text for an empty list. */
export const localeWithNoRows = (noRowsLabel: string) => ({ ...esES.components.MuiDataGrid.defaultProps.localeText, noRowsLabel });

/** While loading, a progress bar (grey skeleton rows say nothing to a screen reader). */
export const loadingSlotProps = { loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'linear-progress' } } as const;
