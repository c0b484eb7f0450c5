import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { useEffect, useMemo, useState } from 'react';
import type { ProductListItem } from '@shared/api/adminProducts';
import { fill } from '@shared/messages';
import { ADMIN_PRODUCT_MSG } from '@shared/schemas/adminProducts';
import { STOCK_ALERT_MSG } from '@shared/schemas/stockAlerts';
import { canRetry } from '@client/app/problems';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { PAGE_SIZE, PortalDataGrid } from '@client/components/gridSetup';
import { editColumn } from '@client/components/rowActions';
import { useWholeList } from '@client/components/useServerList';
import { selectAdminProducts, selectProductAvisos, selectProductStatuses, selectStatusError, selectStatusPending } from './adminCatalogSelectors';
import { productEditChosen, productListOpened, productPageShown } from './adminCatalogSlice';
import { ADMIN_CATALOG_TEXT } from './adminCatalogTexts';
import './adminCatalogFeature'; // the feature's slice and saga, in the store before this screen renders

/** 'Buscar por Sku': a case-insensitive substring of the sku. */
export function filterBySku(items: ProductListItem[], query: string): ProductListItem[] {
  const needle = query.trim().toLowerCase();
  return needle ? items.filter((item) => item.sku.toLowerCase().includes(needle)) : items;
}

const firstPage: GridPaginationModel = { page: 0, pageSize: PAGE_SIZE };

/**
 * /admin/product (R-ADM-PROD-1): the ERP's styles with their Estado, searchable by sku, 10 per page.
 * The Estado of the page shown is read in one request.
 */
export default function ProductListScreen() {
  const dispatch = useAppDispatch();
  const products = useAppSelector(selectAdminProducts);
  const statuses = useAppSelector(selectProductStatuses);
  const avisos = useAppSelector(selectProductAvisos);
  const pending = useAppSelector(selectStatusPending);
  const statusError = useAppSelector(selectStatusError);
  const [query, setQuery] = useState('');
  const [pagination, setPagination] = useState<GridPaginationModel>(firstPage);

  // the list's own notices (failed, no products, no match) take the place of ListScreen's: only the mount and the retry
  const { onRetry } = useWholeList(products, productListOpened);

  const rows = useMemo(() => filterBySku(products.data, query), [products.data, query]);
  const loaded = products.status === 'loaded';
  const start = pagination.page * pagination.pageSize;
  const pageKey = rows
    .slice(start, start + pagination.pageSize)
    .map((row) => row.sku)
    .join('\n');

  useEffect(() => {
    if (loaded && pageKey) dispatch(productPageShown(pageKey.split('\n')));
  }, [dispatch, loaded, pageKey]);

  const columns = useMemo<GridColDef<ProductListItem>[]>(
    () => [
      { field: 'sku', headerName: ADMIN_PRODUCT_MSG.colSku, width: 150, sortable: false },
      { field: 'descripcion', headerName: ADMIN_PRODUCT_MSG.colDescription, flex: 1, minWidth: 200, sortable: false },
      {
        field: 'estado',
        headerName: ADMIN_PRODUCT_MSG.colStatus,
        width: 150,
        sortable: false,
        renderCell: ({ row }) => {
          const updated = statuses[row.sku];
          if (updated === undefined) {
            return pending.includes(row.sku) ? <CircularProgress size={18} aria-label={ADMIN_CATALOG_TEXT.loadingStatus} /> : null;
          }
          return updated ? (
            <Chip size="small" color="success" label={ADMIN_PRODUCT_MSG.updatedBadge} />
          ) : (
            <Chip size="small" color="error" label={ADMIN_PRODUCT_MSG.notUpdatedBadge} />
          );
        },
      },
      // buyers waiting for a size of the style to come back (docs/stock-alerts.md): demand for restocking; read with the Estado
      {
        field: 'avisos',
        headerName: STOCK_ALERT_MSG.adminColumn,
        description: STOCK_ALERT_MSG.adminColumnHelp,
        width: 100,
        align: 'right',
        headerAlign: 'right',
        sortable: false,
        valueGetter: (_value, row) => avisos[row.sku],
        renderCell: ({ row }) => {
          const count = avisos[row.sku];
          if (count === undefined) return null;
          return (
            <Typography variant="body2" component="span" data-avisos={row.sku} aria-label={`${STOCK_ALERT_MSG.adminColumnHelp}: ${count}`} sx={{ fontWeight: count > 0 ? 600 : 400 }}>
              {count}
            </Typography>
          );
        },
      },
      editColumn<ProductListItem>({
        headerName: ADMIN_PRODUCT_MSG.colEdit,
        label: (row) => fill(ADMIN_CATALOG_TEXT.editProduct, { sku: row.sku }),
        onClick: (row) => dispatch(productEditChosen({ sku: row.sku, descripcion: row.descripcion })),
      }),
    ],
    [dispatch, statuses, avisos, pending],
  );

  const search = (value: string) => {
    setQuery(value);
    setPagination(firstPage);
  };

  // R-ADM-PROD-1: the three texts of the list; the grid (and its pagination) is hidden while one shows.
  const notice =
    products.status === 'failed'
      ? { severity: 'error' as const, text: products.error ?? ADMIN_PRODUCT_MSG.connectionProblem, retry: canRetry(products.errorStatus) }
      : loaded && products.data.length === 0
        ? { severity: 'info' as const, text: ADMIN_PRODUCT_MSG.noProducts, retry: false }
        : loaded && rows.length === 0
          ? { severity: 'warning' as const, text: ADMIN_PRODUCT_MSG.noMatch, retry: false }
          : null;

  return (
    <Box component="section" aria-labelledby="admin-products-title">
      <Typography id="admin-products-title" variant="h1" component="h1" gutterBottom>
        {ADMIN_PRODUCT_MSG.listTitle}
      </Typography>

      <TextField
        label={ADMIN_PRODUCT_MSG.searchLabel}
        type="search"
        value={query}
        onChange={(event) => search(event.target.value)}
        size="small"
        fullWidth
        sx={{ maxWidth: { sm: 360 }, mb: 2 }}
        slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
      />

      {notice ? (
        <Alert
          severity={notice.severity}
          action={
            notice.retry ? (
              <Button color="inherit" size="small" onClick={onRetry}>
                {ADMIN_CATALOG_TEXT.retry}
              </Button>
            ) : undefined
          }
        >
          {notice.text}
        </Alert>
      ) : (
        <>
          {statusError && (
            <Alert
              severity="warning"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" size="small" onClick={() => dispatch(productPageShown(pageKey.split('\n')))}>
                  {ADMIN_CATALOG_TEXT.retry}
                </Button>
              }
            >
              {fill(ADMIN_CATALOG_TEXT.statusFailed, { message: statusError })}
            </Alert>
          )}
          {/* the grid scrolls sideways inside this box; the page itself stays as wide as the screen */}
          <Box sx={{ width: '100%', minWidth: 0 }}>
            <PortalDataGrid
              aria-label={ADMIN_CATALOG_TEXT.productsGrid}
              rows={rows}
              columns={columns}
              getRowId={(row) => row.sku}
              loading={!loaded}
              paginationModel={pagination}
              onPaginationModelChange={setPagination}
              pageSizeOptions={[PAGE_SIZE]}
              noRowsLabel={ADMIN_PRODUCT_MSG.noProducts}
              cards={{ title: 'sku', actions: ['editar'] }}
              sx={{ bgcolor: 'background.paper', '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' } }}
            />
          </Box>
        </>
      )}
    </Box>
  );
}
