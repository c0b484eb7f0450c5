import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import type { AdminOrderRow } from '@shared/api/adminOrders';
import { formatDateTime } from '@shared/dates';
import { ERP_STATUS_LABELS } from '@shared/erpStatus';
import { fill } from '@shared/messages';
import { formatCLP } from '@shared/money';
import { ORDER_TYPE_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '@shared/orderTracking';
import { personText } from '@shared/people';
import { linkColumn } from '@client/components/rowActions';
import { OrderStateChip } from './OrderStateChip';
import { ORDER_STORY_TEXT as T } from './orderStoryTexts';

/**
 * The columns of a list of orders as the admin's 'Pedidos' shows them ('Mis pedidos del vendedor' too): the number links
 * to the order's story at `pathOf(number)`.
 */
export function orderListColumns(pathOf: (ref: string) => string): GridColDef<AdminOrderRow>[] {
  return [
    linkColumn<AdminOrderRow>({
      field: 'number',
      headerName: T.colNumber,
      width: 110,
      to: (row) => pathOf(row.number),
      text: (row) => row.number,
      label: (row) => fill(T.viewOrder, { number: row.number }),
    }),
    { field: 'createdAt', headerName: T.colCreatedAt, width: 140, valueFormatter: (value: string) => formatDateTime(value) },
    { field: 'orderType', headerName: T.colType, width: 100, valueFormatter: (value: AdminOrderRow['orderType']) => ORDER_TYPE_LABELS[value] },
    { field: 'orderState', headerName: T.colState, width: 130, renderCell: ({ row }) => <OrderStateChip state={row.orderState} /> },
    {
      field: 'paymentMethod',
      headerName: T.colPaymentMethod,
      width: 170,
      valueFormatter: (value: AdminOrderRow['paymentMethod']) => (value ? PAYMENT_METHOD_LABELS[value] : ''),
    },
    { field: 'paymentStatus', headerName: T.colPaymentStatus, width: 130, valueFormatter: (value: AdminOrderRow['paymentStatus']) => PAYMENT_STATUS_LABELS[value] },
    {
      field: 'erpStatus',
      headerName: T.colErpStatus,
      width: 170,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          variant="outlined"
          color={row.erpStatus === 'SENT' ? 'success' : row.erpStatus === 'REJECTED' ? 'error' : row.erpStatus === 'NONE' ? 'default' : 'warning'}
          label={ERP_STATUS_LABELS[row.erpStatus]}
        />
      ),
    },
    { field: 'erpDocNum', headerName: T.colErpDocNum, width: 100, valueFormatter: (value: number | null) => (value === null ? '' : String(value)) },
    { field: 'rut', headerName: T.colRut, width: 120 },
    { field: 'companyName', headerName: T.colCompany, minWidth: 180, flex: 1, valueFormatter: (value: string | null) => value ?? T.unknownCompany },
    // who of the company placed it
    { field: 'personName', headerName: T.colPerson, minWidth: 180, flex: 1, valueGetter: (_value, row) => personText({ name: row.personName, rut: row.personRut }) },
    // the sales rep who wrote it for the company (docs/sales-reps.md); empty for the company's own people
    { field: 'repName', headerName: T.colRep, minWidth: 160, flex: 0.8 },
    { field: 'total', headerName: T.colTotal, width: 120, type: 'number', valueFormatter: (value: number) => formatCLP(value) },
  ];
}
