import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { type GridColDef } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { CatalogueItem } from '@shared/api/erp';
import { formatInteger } from '@shared/money';
import { INCOMING_TEXTS } from '@shared/incoming';
import { PortalDataGrid } from './gridSetup';
import { hasIncoming, IncomingChip } from './incoming';
import { listPriceText } from './listPrice';
import { productDetailPath, productLinkLabel } from '@client/app/routePaths';

const image: GridColDef<CatalogueItem> = {
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
};

const details: GridColDef<CatalogueItem>[] = [
  { field: 'genero', headerName: 'Género', width: 120 },
  { field: 'stock', headerName: 'Stock', type: 'number', width: 90, valueFormatter: (value: number) => formatInteger(value) },
  // stock por llegar (docs/incoming.md): 'Por llegar · 15-ene' on a style with units on their way
  {
    field: 'porLlegar',
    headerName: INCOMING_TEXTS.chip,
    width: 170,
    sortable: false,
    valueFormatter: (_value: number | undefined, row: CatalogueItem) => (hasIncoming(row) ? INCOMING_TEXTS.chip : ''),
    // '—' without: a phone's card shows every column, and an empty value would be an empty field
    renderCell: ({ row }) => (hasIncoming(row) ? <IncomingChip llegada={row.llegada} /> : '—'),
  },
  {
    field: 'preciolista',
    headerName: 'Precio lista',
    type: 'number',
    width: 190,
    // the cheapest size's list price; 'desde' when the style's sizes differ in price (larger sizes often cost more)
    valueFormatter: (_value: number, row: CatalogueItem) => listPriceText(row),
  },
];

/** Catalogue list (spec): a last column with an eye link to the detail. */
const catalogueColumns: GridColDef<CatalogueItem>[] = [
  image,
  { field: 'descripcion', headerName: 'Descripción', flex: 1, minWidth: 200 },
  ...details,
  {
    field: 'sku',
    headerName: 'Ver',
    width: 70,
    sortable: false,
    filterable: false,
    renderCell: ({ row }) => (
      <IconButton component={RouterLink} to={productDetailPath(row.sku)} aria-label={productLinkLabel(row.descripcion, row.sku)} color="primary" size="small">
        <VisibilityIcon fontSize="small" />
      </IconButton>
    ),
  },
];

/** Search results (spec): the description itself links to the detail. */
const searchColumns: GridColDef<CatalogueItem>[] = [
  image,
  {
    field: 'descripcion',
    headerName: 'Descripción',
    flex: 1,
    minWidth: 220,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={productDetailPath(row.sku)}>
        {row.descripcion}
      </Link>
    ),
  },
  ...details,
];

interface Props {
  rows: CatalogueItem[];
  loading: boolean;
  /** The grid's accessible name. */
  label: string;
  /** 'icon': a 'Ver' column (catalogue list); 'description': the description links (search results). */
  link: 'icon' | 'description';
  /** An action of each row (the app's 'Guardar en lista' for a buyer), in a last column 'Guardar'. */
  rowAction?: (row: CatalogueItem) => ReactNode;
}

const actionColumn = (render: (row: CatalogueItem) => ReactNode): GridColDef<CatalogueItem> => ({
  field: 'guardar',
  headerName: 'Guardar',
  width: 84,
  sortable: false,
  filterable: false,
  renderCell: ({ row }) => render(row),
});

/** Product rows as a table: image, description, gender, stock and list price + VAT, 10 per page. */
export default function ProductRowsGrid({ rows, loading, label, link, rowAction }: Props) {
  const base = link === 'icon' ? catalogueColumns : searchColumns;
  const columns = rowAction ? [...base, actionColumn(rowAction)] : base;
  const actions = [...(link === 'icon' ? ['sku'] : []), ...(rowAction ? ['guardar'] : [])];
  return (
    <PortalDataGrid
      aria-label={label}
      rows={rows}
      columns={columns}
      getRowId={(row) => row.sku}
      loading={loading}
      rowHeight={64}
      pageSizeOptions={[10, 25, 50]}
      initialState={{ pagination: { paginationModel: { pageSize: 10, page: 0 } } }}
      cards={actions.length ? { title: 'descripcion', actions } : { title: 'descripcion' }}
    />
  );
}
