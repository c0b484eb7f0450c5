import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { Link as RouterLink } from 'react-router-dom';
import type { CatalogueItem } from '../../../shared/api/erp';
import { formatCLP, formatInteger } from '../../../shared/money';

// jsdom has no layout: the grid renders every row there instead of virtualizing (TOOLCHAIN).
const inJsdom = typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom');

const columns: GridColDef<CatalogueItem>[] = [
  {
    field: 'urlImage',
    headerName: 'Imagen',
    width: 76,
    sortable: false,
    filterable: false,
    renderCell: ({ row }) =>
      row.urlImage ? (
        <Box component="img" src={row.urlImage} alt={row.descripcion} loading="lazy" sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1, display: 'block', mt: '4px' }} />
      ) : (
        <Box role="img" aria-label={`${row.descripcion} (sin imagen)`} sx={{ width: 56, height: 56, bgcolor: 'grey.200', borderRadius: 1, mt: '4px' }} />
      ),
  },
  {
    field: 'descripcion',
    headerName: 'Descripción',
    flex: 1,
    minWidth: 220,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/user/product-detail/${encodeURIComponent(row.sku)}`}>
        {row.descripcion}
      </Link>
    ),
  },
  { field: 'genero', headerName: 'Género', width: 120 },
  { field: 'stock', headerName: 'Stock', type: 'number', width: 90, valueFormatter: (value: number) => formatInteger(value) },
  { field: 'preciolista', headerName: 'Precio lista', type: 'number', width: 170, valueFormatter: (value: number) => `${formatCLP(value)} + I. V. A.` },
];

/** The search results: image, description (link to the detail), genero, stock, list price + VAT. */
export default function SearchResultsGrid({ rows, loading }: { rows: CatalogueItem[]; loading: boolean }) {
  return (
    <DataGrid
      aria-label="Resultado de Busqueda"
      rows={rows}
      columns={columns}
      getRowId={(row) => row.sku}
      loading={loading}
      rowHeight={64}
      autoHeight
      disableRowSelectionOnClick
      disableColumnMenu
      pageSizeOptions={[10, 25, 50]}
      initialState={{ pagination: { paginationModel: { pageSize: 10, page: 0 } } }}
      localeText={esES.components.MuiDataGrid.defaultProps.localeText}
      disableVirtualization={inJsdom}
      sx={{ bgcolor: 'background.paper' }}
    />
  );
}
