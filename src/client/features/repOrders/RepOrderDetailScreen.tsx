import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { fill } from '@shared/messages';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { REP_ORDERS_PATH } from '@client/app/routePaths';
import { DetailScreen } from '@client/components/DetailScreen';
import { OrderDetailBody, OrderDetailChips } from '@client/components/orderStory/OrderDetailBody';
import { selectRepOrder } from './repOrdersSelectors';
import { repOrderClosed, repOrderOpened } from './repOrdersSlice';
import { REP_ORDERS_TEXT as T } from './repOrdersTexts';
import './repOrdersFeature'; // the feature's slice and saga, in the store before this screen renders

/**
 * /rep/orders/:id: one order of the rep or of their customers, with the same states and timeline as the admin's order
 * detail, read-only (no jobs, no cheque photo, no actions).
 */
export default function RepOrderDetailScreen() {
  const dispatch = useAppDispatch();
  const ref = useParams().id ?? '';
  const detail = useAppSelector(selectRepOrder);

  useEffect(() => {
    dispatch(repOrderOpened(ref));
    return () => {
      dispatch(repOrderClosed(ref));
    };
  }, [dispatch, ref]);

  const order = detail.ref === ref ? detail.data : null;
  return (
    <DetailScreen
      title={fill(T.detailTitle, { number: order?.number ?? ref })}
      back={{ to: REP_ORDERS_PATH, label: T.backToOrders }}
      actions={order && <OrderDetailChips order={order} />}
      loading={detail.status === 'loading' || detail.status === 'idle'}
      loadingLabel={T.loading}
      error={detail.status === 'failed' ? (detail.error ?? T.detailLoadFailed) : null}
      errorStatus={detail.errorStatus}
      retryLabel={T.retry}
      onRetry={() => dispatch(repOrderOpened(ref))}
    >
      {order && <OrderDetailBody order={order} />}
    </DetailScreen>
  );
}
