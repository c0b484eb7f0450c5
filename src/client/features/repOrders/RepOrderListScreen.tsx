import { ORDER_STATE_LABELS } from '@shared/orderTracking';
import { ORDER_STATES } from '@shared/orders';
import { useAppSelector } from '@client/app/hooks';
import { repOrderPath } from '@client/app/routePaths';
import { orderListColumns } from '@client/components/orderStory/orderColumns';
import { ORDER_STORY_TEXT } from '@client/components/orderStory/orderStoryTexts';
import { ServerListScreen } from '@client/components/ServerListScreen';
import { selectRepOrders } from './repOrdersSelectors';
import { repOrdersList } from './repOrdersSlice';
import { REP_ORDERS_TEXT } from './repOrdersTexts';
import './repOrdersFeature'; // the feature's slice and saga, in the store before this screen renders

const T = { ...ORDER_STORY_TEXT, ...REP_ORDERS_TEXT };
const columns = orderListColumns(repOrderPath);
const stateOptions = ORDER_STATES.map((value) => ({ value, label: ORDER_STATE_LABELS[value] }));

/**
 * /rep/orders: 'Mis pedidos' of a sales rep (docs/sales-reps.md): every order they placed and every order of their
 * customers, newest first, searched by number or customer and filtered by state; cards on a phone.
 */
export default function RepOrderListScreen() {
  const list = useAppSelector(selectRepOrders);
  return (
    <ServerListScreen
      titleId="rep-orders-title"
      list={list}
      actions={repOrdersList.actions}
      columns={columns}
      texts={T}
      filters={{
        label: T.filters,
        search: { label: T.search, placeholder: T.searchPlaceholder },
        selects: [{ name: 'state', label: T.state, options: stateOptions }],
        dates: true,
      }}
      grid={{ cards: { title: 'number' } }}
    />
  );
}
