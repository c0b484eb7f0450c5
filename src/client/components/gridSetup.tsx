import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  DataGrid,
  gridPageCountSelector,
  gridPaginationModelSelector,
  gridPaginationRowCountSelector,
  GridRowCheckbox,
  useGridApiContext,
  useGridRootProps,
  useGridSelector,
  type DataGridProps,
  type GridRowCheckboxProps,
  type GridRowId,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { createContext, forwardRef, useContext, useMemo, type ReactNode } from 'react';
import { GridCards, rowNameOf, type CardLayout } from './GridCards';
import { PageLinks } from './PageLinks';

// The portal's Data Grid settings, one set for every list: Spanish texts, 10 rows a page with page links, a progress
// bar while loading, row checkboxes named by their row; below the small breakpoint (phones) the same rows and columns as
// a list of cards (components/GridCards).

declare module '@mui/x-data-grid' {
  interface RowCheckboxPropsOverrides {
    /** The name of a row's selection checkbox ('Seleccionar folio 10413'), given through slotProps.rowCheckbox. */
    selectLabelOf?: (id: GridRowId) => string;
  }
}

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

/** R-GEN-6: lists that page show 10 rows per page. */
export const PAGE_SIZE = 10;

export const paginationProps = {
  pageSizeOptions: [PAGE_SIZE],
  initialState: { pagination: { paginationModel: { pageSize: PAGE_SIZE, page: 0 } } },
} as const;

const gridLocaleText = esES.components.MuiDataGrid.defaultProps.localeText;

/** The grid's Spanish texts with this screen's text for an empty list. */
const localeWithNoRows = (noRowsLabel: string) => ({ ...gridLocaleText, noRowsLabel });

/** While loading, a progress bar (an empty grid would otherwise show grey skeleton rows, which say nothing to a screen reader). */
const loadingOverlay = { variant: 'linear-progress', noRowsVariant: 'linear-progress' } as const;

/**
 * The grid's row checkbox (its rowCheckbox slot) named by its row, as the phone cards name theirs: the grid's own names
 * every one 'Seleccionar fila'. The name stays when it is ticked: the checked state says that.
 */
const NamedRowCheckbox = forwardRef<HTMLButtonElement, GridRowCheckboxProps>(function NamedRowCheckbox({ selectLabelOf, slotProps, ...props }, ref) {
  const label = selectLabelOf?.(props.rowId);
  const named = label ? { ...slotProps, htmlInput: { ...slotProps?.htmlInput, 'aria-label': label } } : slotProps;
  return <GridRowCheckbox {...props} slotProps={named} ref={ref} />;
});

/**
 * The grid's pagination slot: page links (components/PageLinks) in place of the previous/next arrows, with the range
 * shown and, where the list offers several, the rows per page. The grid's state as its own footer reads it.
 */
function GridPageLinks() {
  const apiRef = useGridApiContext();
  const rootProps = useGridRootProps();
  const model = useGridSelector(apiRef, gridPaginationModelSelector);
  const rowCount = useGridSelector(apiRef, gridPaginationRowCountSelector);
  const pageCount = useGridSelector(apiRef, gridPageCountSelector);
  const sizes = rootProps.pageSizeOptions.map((option) => (typeof option === 'number' ? option : option.value));
  return (
    <PageLinks
      count={Math.max(0, rowCount)}
      page={Math.min(model.page, Math.max(0, pageCount - 1))}
      pageSize={model.pageSize}
      pageSizes={sizes.includes(model.pageSize) ? sizes : [model.pageSize]}
      onPageChange={(page) => apiRef.current.setPage(page)}
      onPageSizeChange={(pageSize) => apiRef.current.setPageSize(pageSize)}
      disabled={rowCount < 0 && Boolean(rootProps.loading)}
    />
  );
}

const gridSlots = { pagination: GridPageLinks, rowCheckbox: NamedRowCheckbox };

export type PortalDataGridProps<R extends GridValidRowModel> = DataGridProps<R> & {
  /** The text of an empty list (else the grid's Spanish default). */
  noRowsLabel?: string;
  /** How the rows read as cards on a phone: the title column and the action columns. */
  cards?: CardLayout;
};

/** The name of a row's selection checkbox, in the grid and on a card: 'Seleccionar folio 10413'. */
const selectLabel = (rowName: string) => `Seleccionar ${rowName}`;

/**
 * A Data Grid with the portal's defaults: Spanish texts, auto height, no column menu, no selection by row click, a
 * progress bar while loading, page links, row checkboxes named by their row, the paper background, and virtualization
 * as the GridSettingsProvider says. Any prop given wins (slots and slotProps are merged with these). On a phone the same
 * props draw cards instead (every field and action of a row in view, no sideways scrolling).
 */
export function PortalDataGrid<R extends GridValidRowModel>({ noRowsLabel, cards, slots, slotProps, ...props }: PortalDataGridProps<R>) {
  const { disableVirtualization } = useGridSettings();
  // phones: narrower than MUI's small breakpoint (600 px); read at once, so a phone never renders the grid first
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const localeText = noRowsLabel === undefined ? gridLocaleText : localeWithNoRows(noRowsLabel);
  const { rows, columns, columnVisibilityModel, getRowId } = props;
  // the row's name from the same title column as its card's ('folio 10413'); the grid hands the slot only the row's id
  const selectLabelOf = useMemo(() => {
    const nameOf = rowNameOf<R>({ columns, columnVisibilityModel, layout: cards });
    const byId = new Map((rows ?? []).map((row) => [getRowId ? getRowId(row) : (row as unknown as { id: GridRowId }).id, row]));
    return (id: GridRowId) => {
      const row = byId.get(id);
      return row ? selectLabel(nameOf(row, id)) : (localeText.checkboxSelectionSelectRow ?? '');
    };
  }, [rows, columns, columnVisibilityModel, getRowId, cards, localeText]);

  if (phone) return <GridCards<R> localeText={localeText} {...props} layout={cards} noRowsLabel={noRowsLabel ?? gridLocaleText.noRowsLabel ?? ''} selectLabel={selectLabel} />;
  return (
    <DataGrid<R>
      autoHeight
      disableColumnMenu
      disableRowSelectionOnClick
      localeText={localeText}
      disableVirtualization={disableVirtualization}
      sx={{ bgcolor: 'background.paper' }}
      {...props}
      slots={{ ...gridSlots, ...slots }}
      slotProps={{ loadingOverlay, ...slotProps, rowCheckbox: { selectLabelOf, ...slotProps?.rowCheckbox } }}
    />
  );
}
