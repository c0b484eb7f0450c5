import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { createContext, useContext, type ReactNode } from 'react';
import { GridCards, type CardLayout } from './GridCards';

// The portal's Data Grid settings, one set for every list: Spanish texts, 10 rows a page, a progress bar while loading;
// below the small breakpoint (phones) the same rows and columns as a list of cards (components/GridCards).

interface GridSettings {
  /** Render every row instead of the visible ones: for a page without layout (a test's jsdom). */
  disableVirtualization: boolean;
}

const GridSettingsContext = createContext<GridSettings>({ disableVirtualization: false });

/** The grids below use these settings; without a provider virtualization is on. */
export function GridSettingsProvider({ children, ...settings }: GridSettings & { children: ReactNode }) {
  return <GridSettingsContext.Provider value={settings}>{children}</GridSettingsContext.Provider>;
}

const useGridSettings = () => useContext(GridSettingsContext);

/** Spec section 9 and the admin document: lists that page show 10 rows per page. */
export const PAGE_SIZE = 10;

export const paginationProps = {
  pageSizeOptions: [PAGE_SIZE],
  initialState: { pagination: { paginationModel: { pageSize: PAGE_SIZE, page: 0 } } },
} as const;

const gridLocaleText = esES.components.MuiDataGrid.defaultProps.localeText;

/** The grid's Spanish texts with this screen's text for an empty list. */
const localeWithNoRows = (noRowsLabel: string) => ({ ...gridLocaleText, noRowsLabel });

/** While loading, a progress bar (an empty grid would otherwise show grey skeleton rows, which say nothing to a screen reader). */
const loadingSlotProps = { loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'linear-progress' } } as const;

type PortalDataGridProps<R extends GridValidRowModel> = DataGridProps<R> & {
  /** The text of an empty list (else the grid's Spanish default). */
  noRowsLabel?: string;
  /** How the rows read as cards on a phone: the title column and the action columns. */
  cards?: CardLayout;
};

/** The name of a card's selection checkbox. */
const selectLabel = (title: string) => `Seleccionar ${title}`;


/**
 * A Data Grid with the portal's defaults: Spanish texts, auto height, no column menu, no selection by row click, a
 * progress bar while loading, the paper background, and virtualization as the GridSettingsProvider says. Any prop
 * given wins. On a phone the same props draw cards instead (every field and action of a row in view, no sideways
 * scrolling).
 */
export function PortalDataGrid<R extends GridValidRowModel>({ noRowsLabel, cards, ...props }: PortalDataGridProps<R>) {
  const { disableVirtualization } = useGridSettings();
  // phones: narrower than MUI's small breakpoint (600 px); read at once, so a phone never renders the grid first
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  if (phone) return <GridCards<R> {...props} layout={cards} noRowsLabel={noRowsLabel ?? gridLocaleText.noRowsLabel ?? ''} selectLabel={selectLabel} />;
  return (
    <DataGrid<R>
      autoHeight
      disableColumnMenu
      disableRowSelectionOnClick
      localeText={noRowsLabel === undefined ? gridLocaleText : localeWithNoRows(noRowsLabel)}
      disableVirtualization={disableVirtualization}
      slotProps={loadingSlotProps}
      sx={{ bgcolor: 'background.paper' }}
      {...props}
    />
  );
}
