import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import type { AdminOrderRow } from '@shared/api/adminOrders';
import { formatDateTime } from '@shared/dates';
import { ERP_STATUS_LABELS } from '@shared/erpStatus';
import { fill } from '@shared/messages';
import { formatCLP } from '@shared/money';
import { ORDER_STATE_LABELS, ORDER_TYPE_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '@shared/orderTracking';
import { ORDER_STATES, ORDER_TYPES, PAYMENT_METHODS } from '@shared/orders';
import { personText } from '@shared/people';
import { ADMIN_PAYMENT_STATUSES, ERP_SUBMISSIONS } from '@shared/schemas/adminOrders';
import { adminOrderPath } from '@client/app/routePaths';
import { linkColumn } from '@client/components/rowActions';
import { ServerListScreen } from '@client/components/ServerListScreen';
import { selectOrdersList } from './adminOrdersSelectors';
import { ordersList } from './adminOrdersSlice';
import { ADMIN_ORDERS_TEXT as T } from './adminOrdersTexts';
import { OrderStateChip } from './OrderStateChip';
import './adminOrdersFeature'; // the feature's slice and saga, in the store before this screen renders
import { useAppSelector } from '@client/app/hooks';

const options = <K extends string>(values: readonly K[], labels: Record<K, string>) => values.map((value) => ({ value, label: labels[value] }));

const columns: GridColDef<AdminOrderRow>[] = [
  linkColumn<AdminOrderRow>({
    field: 'number',
    headerName: T.colNumber,
    width: 110,
    to: (row) => adminOrderPath(row.number),
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
  { field: 'total', headerName: T.colTotal, width: 120, type: 'number', valueFormatter: (value: number) => formatCLP(value) },
];

/** /admin/orders: 'Pedidos', every portal order, newest first: search, filters, sort, pages and the CSV of what they select. */
export default function OrderListScreen() {
  const list = useAppSelector(selectOrdersList);
  return (
    <ServerListScreen
      titleId="admin-orders-title"
      list={list}
      actions={ordersList.actions}
      columns={columns}
      texts={T}
      filters={{
        label: T.filters,
        search: { label: T.search, placeholder: T.searchPlaceholder },
        selects: [
          { name: 'state', label: T.state, options: options(ORDER_STATES, ORDER_STATE_LABELS) },
          { name: 'orderType', label: T.orderType, options: options(ORDER_TYPES, ORDER_TYPE_LABELS) },
          { name: 'paymentMethod', label: T.paymentMethod, options: options(PAYMENT_METHODS, PAYMENT_METHOD_LABELS) },
          { name: 'paymentStatus', label: T.paymentStatus, options: options(ADMIN_PAYMENT_STATUSES, PAYMENT_STATUS_LABELS) },
          { name: 'erpStatus', label: T.erpStatus, options: options(ERP_SUBMISSIONS, ERP_STATUS_LABELS) },
        ],
        dates: true,
        exportCsv: true,
      }}
      grid={{ cards: { title: 'number' } }}
    />
  );
}
