import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { formatDate, formatDateTime } from '@shared/dates';
import { ORDER_REFERENCE_LABELS } from '@shared/schemas/orderReference';
import { fill } from '@shared/messages';
import { INCOMING_TEXTS } from '@shared/incoming';
import type { BuyerOrderDetail } from '@shared/api/userOrders';
import { DELIVERY_TYPE_LABELS, ORDER_TYPE_LABELS, PAYMENT_METHOD_LABELS } from '@shared/orderTracking';
import { personText, TAKEN_BY_LABEL } from '@shared/people';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { BUYER_ORDERS_PATH } from '@client/app/routePaths';
import { DetailScreen, DetailSection } from '@client/components/DetailScreen';
import { FactList } from '@client/components/FactList';
import { OrderLinesTable } from '@client/components/OrderLinesTable';
import { OrderTotalsSummary } from '@client/components/OrderTotalsSummary';
import { incomingOf } from './incomingOrder';
import { OrderStatusChip } from './OrderStatusChip';
import { OrderSteps } from './OrderSteps';
import { selectMyOrder, waitsForErp } from './userOrdersSelectors';
import { myOrderChequeChosen, myOrderClosed, myOrderOpened, myOrderPayRequested } from './userOrdersSlice';
import { keepChequePhoto } from '@client/app/chequePhotos';
import { FileButton } from '@client/components/FileButton';
import { PRIMARY_ACTION_SX } from '@client/app/problems';
import { USER_ORDERS_TEXT as T } from './userOrdersTexts';
import './userOrdersFeature'; // the feature's slice and saga, in the store before this screen renders

export interface MyOrderDetailScreenProps {
  /** 'Volver a comprar' for this order, given by the router (another feature's button). */
  reorderAction?: (order: BuyerOrderDetail) => ReactNode;
}

/** /user/orders/:id: one of the buyer's orders, its steps with their dates, what was bought and the totals. */
export default function MyOrderDetailScreen({ reorderAction }: MyOrderDetailScreenProps) {
  const dispatch = useAppDispatch();
  const ref = useParams().id ?? '';
  const detail = useAppSelector(selectMyOrder);

  useEffect(() => {
    dispatch(myOrderOpened(ref));
    return () => {
      dispatch(myOrderClosed(ref));
    };
  }, [dispatch, ref]);

  const order = detail.ref === ref ? detail.data : null;
  return (
    <DetailScreen
      title={fill(T.detailTitle, { number: order?.number ?? ref })}
      back={{ to: BUYER_ORDERS_PATH, label: T.backToOrders }}
      actions={
        order && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <OrderStatusChip status={order.status} label={order.statusLabel} />
            {order.payable && order.paymentMethod === 'CHEQUE' && (
              <FileButton
                name="chequeImgFile"
                inputLabel={T.chequePhoto}
                accept=".jpg,.jpeg,.png,image/jpeg,image/png"
                sx={PRIMARY_ACTION_SX}
                onChoose={(file) => file && dispatch(myOrderChequeChosen({ ref, number: order.number, photoKey: keepChequePhoto(file) }))}
              >
                {T.payCheque}
              </FileButton>
            )}
            {order.payable && order.paymentMethod !== 'CHEQUE' && (
              <Button variant="contained" onClick={() => dispatch(myOrderPayRequested(order.id))} sx={PRIMARY_ACTION_SX}>
                {T.pay}
              </Button>
            )}
            {reorderAction?.(order)}
          </Stack>
        )
      }
      loading={detail.status === 'loading' || detail.status === 'idle'}
      loadingLabel={T.loading}
      error={detail.status === 'failed' ? (detail.error ?? T.detailLoadFailed) : null}
      errorStatus={detail.errorStatus}
      retryLabel={T.retry}
      onRetry={() => dispatch(myOrderOpened(ref))}
    >
      {order && (
        <>
          {!order.erpAvailable && <Alert severity="info">{T.erpUnavailable}</Alert>}
          <DetailSection title={T.steps}>
            <OrderSteps steps={order.steps} />
            {waitsForErp(order) && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {T.watching}
              </Typography>
            )}
          </DetailSection>
          <DetailSection title={T.summary}>
            <FactList
              facts={[
                { label: T.fieldCreatedAt, value: formatDateTime(order.createdAt) },
                order.repName
                  ? { label: TAKEN_BY_LABEL, value: order.repName }
                  : { label: T.fieldPerson, value: personText({ name: order.personName, rut: order.personRut }) },
                { label: T.fieldType, value: ORDER_TYPE_LABELS[order.orderType] },
                { label: T.fieldPaymentMethod, value: order.paymentMethod ? PAYMENT_METHOD_LABELS[order.paymentMethod] : null },
                { label: T.fieldDelivery, value: DELIVERY_TYPE_LABELS[order.deliveryType] },
                ...(order.deliveryType === 'entrega' ? [{ label: T.fieldAddress, value: order.deliveryAddress }] : []),
                // the buyer's own reference and the date it asked for, when given on the order summary
                ...(order.buyerReference ? [{ label: ORDER_REFERENCE_LABELS.buyerReference, value: order.buyerReference }] : []),
                ...(order.requestedDeliveryDate ? [{ label: ORDER_REFERENCE_LABELS.requestedDeliveryDate, value: formatDate(order.requestedDeliveryDate) }] : []),
                // how its pre-order lines ship (docs/incoming.md)
                ...(incomingOf(order).envioPorLlegar
                  ? [{ label: INCOMING_TEXTS.shippingLabel, value: incomingOf(order).envioPorLlegar === 'JUNTO' ? INCOMING_TEXTS.shippingTogetherShort : INCOMING_TEXTS.shippingPartial }]
                  : []),
              ]}
            />
          </DetailSection>
          <DetailSection title={T.lines}>
            <OrderLinesTable lines={order.lines} label={T.lines} />
          </DetailSection>
          <OrderTotalsSummary totals={order.totals} />
        </>
      )}
    </DetailScreen>
  );
}
