import type { ReactNode } from 'react';
import type { RepOrderDetail } from '@shared/api/repOrders';
import { fill } from '@shared/messages';
import type { Loadable } from '@client/app/loadable';
import { DetailScreen } from '@client/components/DetailScreen';
import { OrderDetailChips } from './OrderDetailBody';
import { ORDER_STORY_TEXT as T } from './orderStoryTexts';

/** One order's detail as the store keeps it: the route's number or id, and the order once read. */
export interface OrderStoryState<O> extends Loadable<O | null> {
  ref: string | null;
}

/**
 * The screen of one order's story ('Pedido OC000042', its state and ERP status beside the title, the loading bar, the
 * error and its retry): the admin's 'Pedidos' and 'Mis pedidos del vendedor' put the story in it (`children`, given the
 * order once it is read for the route's `orderRef`).
 */
export function OrderStoryScreen<O extends Pick<RepOrderDetail, 'number' | 'orderState' | 'erpStatus'>>({
  orderRef,
  detail,
  back,
  onRetry,
  children,
}: {
  /** The route's order number or id. */
  orderRef: string;
  detail: OrderStoryState<O>;
  back: { to: string; label: string };
  onRetry: () => void;
  children: (order: O) => ReactNode;
}) {
  const order = detail.ref === orderRef ? detail.data : null;
  return (
    <DetailScreen
      title={fill(T.detailTitle, { number: order?.number ?? orderRef })}
      back={back}
      actions={order && <OrderDetailChips order={order} />}
      loading={detail.status === 'loading' || detail.status === 'idle'}
      loadingLabel={T.loading}
      error={detail.status === 'failed' ? (detail.error ?? T.detailLoadFailed) : null}
      errorStatus={detail.errorStatus}
      retryLabel={T.retry}
      onRetry={onRetry}
    >
      {order && children(order)}
    </DetailScreen>
  );
}
