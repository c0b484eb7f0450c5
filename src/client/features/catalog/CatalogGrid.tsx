import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
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
  { field: 'descripcion', headerName: 'Descripción', flex: 1, minWidth: 200 },
  { field: 'genero', headerName: 'Género', width: 120 },
  { field: 'stock', headerName: 'Stock', type: 'number', width: 90, valueFormatter: (value: number) => formatInteger(value) },
  { field: 'preciolista', headerName: 'Precio lista', type: 'number', width: 170, valueFormatter: (value: number) => `${formatCLP(value)} + I. V. A.` },
  {
    field: 'sku',
    headerName: 'Ver',
    width: 70,
    sortable: false,
    filterable: false,
    renderCell: ({ row }) => (
      <IconButton component={RouterLink} to={`/user/product-detail/${encodeURIComponent(row.sku)}`} aria-label={`Ver producto ${row.descripcion}`} color="primary" size="small">
        <VisibilityIcon fontSize="small" />
      </IconButton>
    ),
  },
];

/** The catalogue rows as a table: image, description, gender, stock, list price + VAT and a link to the detail. */
export default function CatalogGrid({ rows, loading }: { rows: CatalogueItem[]; loading: boolean }) {
  return (
    <DataGrid
      aria-label="Productos del catálogo"
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
