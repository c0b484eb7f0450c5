import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { ADMIN_ORDERS_PATH } from '@client/app/routePaths';
import { DetailSection } from '@client/components/DetailScreen';
import { selectChequePhoto, selectOrderDetail, selectOrderJobRetry } from './adminOrdersSelectors';
import { chequePhotoRequested, orderDetailClosed, orderDetailOpened, orderJobRetryRequested } from './adminOrdersSlice';
import { ADMIN_ORDERS_TEXT as T } from './adminOrdersTexts';
import { ChequePhotoView } from './ChequePhotoView';
import { OrderDetailBody } from '@client/components/orderStory/OrderDetailBody';
import { OrderStoryScreen } from '@client/components/orderStory/OrderStoryScreen';
import { OrderJobsTable } from './OrderJobsTable';
import './adminOrdersFeature'; // the feature's slice and saga, in the store before this screen renders

/**
 * /admin/orders/:id: one order's whole story: what was bought, by whom, where it goes, its payments with the provider's
 * answer, the cheque photo, its ERP and mail jobs (failed ones retried here), the ERP's invoices and the timeline.
 */
export default function OrderDetailScreen() {
  const dispatch = useAppDispatch();
  const ref = useParams().id ?? '';
  const detail = useAppSelector(selectOrderDetail);
  const cheque = useAppSelector(selectChequePhoto);
  const retrying = useAppSelector(selectOrderJobRetry).status === 'running';

  useEffect(() => {
    dispatch(orderDetailOpened(ref));
    return () => {
      dispatch(orderDetailClosed());
    };
  }, [dispatch, ref]);

  return (
    <OrderStoryScreen orderRef={ref} detail={detail} back={{ to: ADMIN_ORDERS_PATH, label: T.backToOrders }} onRetry={() => dispatch(orderDetailOpened(ref))}>
      {(order) => (
        <OrderDetailBody
          order={order}
          jobLinks
          staff={
            <>
              {order.chequePhotoUrl && (
                <DetailSection title={T.cheque}>
                  <ChequePhotoView number={order.number} photo={cheque} onShow={() => dispatch(chequePhotoRequested())} />
                </DetailSection>
              )}

              <DetailSection title={T.jobs}>
                <OrderJobsTable jobs={order.jobs} retrying={retrying} onRetry={(id) => dispatch(orderJobRetryRequested(id))} />
              </DetailSection>
            </>
          }
        />
      )}
    </OrderStoryScreen>
  );
}
