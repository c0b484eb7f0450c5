import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { REP_ORDERS_PATH } from '@client/app/routePaths';
import { OrderDetailBody } from '@client/components/orderStory/OrderDetailBody';
import { OrderStoryScreen } from '@client/components/orderStory/OrderStoryScreen';
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

  return (
    <OrderStoryScreen orderRef={ref} detail={detail} back={{ to: REP_ORDERS_PATH, label: T.backToOrders }} onRetry={() => dispatch(repOrderOpened(ref))}>
      {(order) => <OrderDetailBody order={order} />}
    </OrderStoryScreen>
  );
}
