import { ERP_STATUS_LABELS } from '@shared/erpStatus';
import { ORDER_STATE_LABELS, ORDER_TYPE_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '@shared/orderTracking';
import { ORDER_STATES, ORDER_TYPES, PAYMENT_METHODS } from '@shared/orders';
import { ADMIN_INCOMING_FILTERS, ADMIN_PAYMENT_STATUSES, ERP_SUBMISSIONS } from '@shared/schemas/adminOrders';
import { useAppSelector } from '@client/app/hooks';
import { adminOrderPath } from '@client/app/routePaths';
import { orderListColumns } from '@client/components/orderStory/orderColumns';
import { ServerListScreen } from '@client/components/ServerListScreen';
import { selectOrdersList } from './adminOrdersSelectors';
import { ordersList } from './adminOrdersSlice';
import { ADMIN_ORDERS_TEXT as T } from './adminOrdersTexts';
import './adminOrdersFeature'; // the feature's slice and saga, in the store before this screen renders

const options = <K extends string>(values: readonly K[], labels: Record<K, string>) => values.map((value) => ({ value, label: labels[value] }));

const columns = orderListColumns(adminOrderPath);

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
          { name: 'porLlegar', label: T.incoming, options: options(ADMIN_INCOMING_FILTERS, T.incomingLabels) },
        ],
        dates: true,
        exportCsv: true,
      }}
      grid={{ cards: { title: 'number' } }}
    />
  );
}
