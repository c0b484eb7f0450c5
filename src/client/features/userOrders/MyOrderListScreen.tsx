import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import type { BuyerOrderRow } from '@shared/api/userOrders';
import { formatDate, formatDateTime } from '@shared/dates';
import { INCOMING_TEXTS } from '@shared/incoming';
import { fill } from '@shared/messages';
import { formatCLP } from '@shared/money';
import { ORDER_TYPE_LABELS, PAYMENT_METHOD_LABELS } from '@shared/orderTracking';
import { personText, takenByText } from '@shared/people';
import { buyerOrderPath } from '@client/app/routePaths';
import { linkColumn } from '@client/components/rowActions';
import { ServerListScreen } from '@client/components/ServerListScreen';
import { incomingOf } from './incomingOrder';
import { OrderStatusChip } from './OrderStatusChip';
import { selectErpAvailable, selectMyOrders } from './userOrdersSelectors';
import { myOrdersList } from './userOrdersSlice';
import { USER_ORDERS_TEXT as T } from './userOrdersTexts';
import './userOrdersFeature'; // the feature's slice and saga, in the store before this screen renders
import { useAppSelector } from '@client/app/hooks';

const columns: GridColDef<BuyerOrderRow>[] = [
  linkColumn<BuyerOrderRow>({
    field: 'number',
    headerName: T.colNumber,
    width: 110,
    to: (row) => buyerOrderPath(row.number),
    text: (row) => row.number,
    label: (row) => fill(T.viewOrder, { number: row.number }),
  }),
  { field: 'createdAt', headerName: T.colCreatedAt, width: 110, valueFormatter: (value: string) => formatDate(value) },
  { field: 'orderType', headerName: T.colType, width: 100, valueFormatter: (value: BuyerOrderRow['orderType']) => ORDER_TYPE_LABELS[value] },
  {
    field: 'paymentMethod',
    headerName: T.colPaymentMethod,
    width: 170,
    valueFormatter: (value: BuyerOrderRow['paymentMethod']) => (value ? PAYMENT_METHOD_LABELS[value] : ''),
  },
  // who of the company placed it (every person of the company sees the company's orders), or 'Tomado por {vendedor}'
  // for an order the wholesaler's sales rep wrote for the company
  {
    field: 'personName',
    headerName: T.colPerson,
    minWidth: 170,
    flex: 1,
    valueGetter: (_value, row) => takenByText(row.repName) || personText({ name: row.personName, rut: row.personRut }),
  },
  { field: 'total', headerName: T.colTotal, width: 120, type: 'number', valueFormatter: (value: number) => formatCLP(value) },
  {
    field: 'statusLabel',
    headerName: T.colStatus,
    minWidth: 190,
    flex: 1,
    // an order whose pre-order lines' dates moved in the ERP says so beside its state (docs/incoming.md)
    renderCell: ({ row }) => (
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', height: '100%' }}>
        <OrderStatusChip status={row.status} label={row.statusLabel} />
        {incomingOf(row).porLlegarMovido && <Chip size="small" color="warning" variant="outlined" label={INCOMING_TEXTS.movedMark} />}
      </Stack>
    ),
  },
  { field: 'statusAt', headerName: T.colStatusAt, width: 140, valueFormatter: (value: string) => formatDateTime(value) },
];

/** Page sizes of 'Mis pedidos' (the API allows up to 100). */
const PAGE_SIZES = [10, 20, 50];

/**
 * /user/orders: 'Mis pedidos', every portal order of the buyer's company, newest first, each with who placed it, where it
 * stands and since when.
 */
export default function MyOrderListScreen() {
  const list = useAppSelector(selectMyOrders);
  const erpAvailable = useAppSelector(selectErpAvailable);
  return (
    <ServerListScreen
      titleId="my-orders-title"
      list={list}
      actions={myOrdersList.actions}
      columns={columns}
      texts={T}
      options={{ pageSizes: PAGE_SIZES }}
      notice={
        !erpAvailable && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {T.erpUnavailable}
          </Alert>
        )
      }
      grid={{ disableColumnSorting: true, cards: { title: 'number' } }}
    />
  );
}
