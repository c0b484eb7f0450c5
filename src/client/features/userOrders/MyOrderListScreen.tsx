import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router-dom';
import type { BuyerOrderRow } from '@shared/api/userOrders';
import { formatDate, formatDateTime } from '@shared/dates';
import { fill } from '@shared/messages';
import { formatCLP } from '@shared/money';
import { ORDER_TYPE_LABELS, PAYMENT_METHOD_LABELS } from '@shared/orderTracking';
import { useAppDispatch } from '@client/app/hooks';
import { buyerOrderPath } from '@client/app/routePaths';
import { PortalDataGrid } from '@client/components/gridSetup';
import { GridBox, ListScreen } from '@client/components/ListScreen';
import { useServerGridProps } from '@client/components/serverGrid';
import { OrderStatusChip } from './OrderStatusChip';
import { selectErpAvailable, selectMyOrders, type UserOrdersRootState } from './userOrdersSelectors';
import { myOrdersChanged, myOrdersOpened } from './userOrdersSlice';
import { USER_ORDERS_TEXT as T } from './userOrdersTexts';
import './userOrdersFeature'; // the feature's slice and saga, in the store before this screen renders

const useOrdersSelector = useSelector.withTypes<UserOrdersRootState>();

const columns: GridColDef<BuyerOrderRow>[] = [
  {
    field: 'number',
    headerName: T.colNumber,
    width: 110,
    renderCell: ({ row, tabIndex }) => (
      <Link component={RouterLink} to={buyerOrderPath(row.number)} tabIndex={tabIndex} aria-label={fill(T.viewOrder, { number: row.number })}>
        {row.number}
      </Link>
    ),
  },
  { field: 'createdAt', headerName: T.colCreatedAt, width: 110, valueFormatter: (value: string) => formatDate(value) },
  { field: 'orderType', headerName: T.colType, width: 100, valueFormatter: (value: BuyerOrderRow['orderType']) => ORDER_TYPE_LABELS[value] },
  {
    field: 'paymentMethod',
    headerName: T.colPaymentMethod,
    width: 170,
    valueFormatter: (value: BuyerOrderRow['paymentMethod']) => (value ? PAYMENT_METHOD_LABELS[value] : ''),
  },
  { field: 'total', headerName: T.colTotal, width: 120, type: 'number', valueFormatter: (value: number) => formatCLP(value) },
  { field: 'statusLabel', headerName: T.colStatus, minWidth: 190, flex: 1, renderCell: ({ row }) => <OrderStatusChip status={row.status} label={row.statusLabel} /> },
  { field: 'statusAt', headerName: T.colStatusAt, width: 140, valueFormatter: (value: string) => formatDateTime(value) },
];

/** Page sizes of 'Mis pedidos' (the API allows up to 100). */
const PAGE_SIZES = [10, 20, 50];

/** /user/orders: 'Mis pedidos', the buyer's portal orders, newest first, each with where it stands and since when. */
export default function MyOrderListScreen() {
  const dispatch = useAppDispatch();
  const list = useOrdersSelector(selectMyOrders);
  const erpAvailable = useOrdersSelector(selectErpAvailable);

  useEffect(() => {
    dispatch(myOrdersOpened());
  }, [dispatch]);

  const gridProps = useServerGridProps(list, columns, ({ page, pageSize }) => dispatch(myOrdersChanged({ page, pageSize })), { pageSizes: PAGE_SIZES });

  return (
    <ListScreen
      titleId="my-orders-title"
      title={T.title}
      failed={list.status === 'failed'}
      error={list.error ?? T.loadFailed}
      errorStatus={list.errorStatus}
      retryLabel={T.retry}
      onRetry={() => dispatch(myOrdersOpened())}
    >
      {!erpAvailable && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {T.erpUnavailable}
        </Alert>
      )}
      <GridBox>
        <PortalDataGrid
          aria-label={T.grid}
          rows={list.rows}
          columns={columns}
          {...gridProps}
          disableColumnSorting
          noRowsLabel={T.empty}
          cards={{ title: 'number' }}
        />
      </GridBox>
    </ListScreen>
  );
}
