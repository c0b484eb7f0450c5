import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import type { AdminOrderDetail } from '@shared/api/adminOrders';
import { formatDate, formatDateTime } from '@shared/dates';
import { ERP_STATUS_LABELS } from '@shared/erpStatus';
import { COMPANY_ROLE_LABELS } from '@shared/companyRoles';
import { fill } from '@shared/messages';
import { personText } from '@shared/people';
import { DELIVERY_TYPE_LABELS, ORDER_TYPE_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '@shared/orderTracking';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { ADMIN_ORDERS_PATH } from '@client/app/routePaths';
import { DetailScreen, DetailSection } from '@client/components/DetailScreen';
import { FactList } from '@client/components/FactList';
import { OrderLinesTable } from '@client/components/OrderLinesTable';
import { OrderTotalsSummary } from '@client/components/OrderTotalsSummary';
import { selectChequePhoto, selectOrderDetail, selectOrderJobRetry } from './adminOrdersSelectors';
import { chequePhotoRequested, orderDetailClosed, orderDetailOpened, orderJobRetryRequested } from './adminOrdersSlice';
import { ADMIN_ORDERS_TEXT as T } from './adminOrdersTexts';
import { ChequePhotoView } from './ChequePhotoView';
import { OrderJobsTable } from './OrderJobsTable';
import { OrderPayments } from './OrderPayments';
import { OrderStateChip } from './OrderStateChip';
import { OrderTimeline } from './OrderTimeline';
import './adminOrdersFeature'; // the feature's slice and saga, in the store before this screen renders

function summaryFacts(order: AdminOrderDetail) {
  return [
    { label: T.fieldType, value: ORDER_TYPE_LABELS[order.orderType] },
    { label: T.fieldState, value: <OrderStateChip state={order.orderState} /> },
    { label: T.fieldPaymentMethod, value: order.paymentMethod ? PAYMENT_METHOD_LABELS[order.paymentMethod] : null },
    { label: T.fieldPaymentStatus, value: PAYMENT_STATUS_LABELS[order.paymentStatus] },
    { label: T.fieldErpStatus, value: ERP_STATUS_LABELS[order.erpStatus] },
    {
      label: T.fieldErpDoc,
      value: order.erpDocNum !== null ? fill(T.erpDoc, { docNum: order.erpDocNum, docEntry: order.erpDocEntry ?? '' }) : null,
    },
    ...(order.erpDraftEntry !== null ? [{ label: T.fieldErpDraft, value: String(order.erpDraftEntry) }] : []),
    ...(order.erpError ? [{ label: T.fieldErpError, value: <Box sx={{ color: 'error.main' }}>{order.erpError}</Box> }] : []),
    { label: T.fieldNumOc, value: order.numOc },
    { label: T.fieldCreatedAt, value: formatDateTime(order.createdAt) },
    { label: T.fieldUpdatedAt, value: formatDateTime(order.updatedAt) },
  ];
}

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

  const order = detail.ref === ref ? detail.data : null;
  return (
    <DetailScreen
      title={fill(T.detailTitle, { number: order?.number ?? ref })}
      back={{ to: ADMIN_ORDERS_PATH, label: T.backToOrders }}
      actions={
        order && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <OrderStateChip state={order.orderState} />
            <Chip size="small" variant="outlined" label={ERP_STATUS_LABELS[order.erpStatus]} />
          </Stack>
        )
      }
      loading={detail.status === 'loading' || detail.status === 'idle'}
      loadingLabel={T.loading}
      error={detail.status === 'failed' ? (detail.error ?? T.detailLoadFailed) : null}
      errorStatus={detail.errorStatus}
      retryLabel={T.retry}
      onRetry={() => dispatch(orderDetailOpened(ref))}
    >
      {order && (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
            <DetailSection title={T.summary}>
              <FactList facts={summaryFacts(order)} />
            </DetailSection>
            <Stack spacing={2} sx={{ minWidth: 0 }}>
              <DetailSection title={T.buyer}>
                <FactList
                  facts={[
                    { label: T.fieldPerson, value: personText({ name: order.buyer.personName, rut: order.buyer.personRut }) },
                    ...(order.buyer.companyRole ? [{ label: T.fieldCompanyRole, value: COMPANY_ROLE_LABELS[order.buyer.companyRole] }] : []),
                    { label: T.fieldRut, value: order.buyer.rut },
                    { label: T.fieldCompany, value: order.buyer.companyName ?? T.unknownCompany },
                    { label: T.fieldCardCode, value: order.buyer.cardCode },
                    { label: T.fieldEmail, value: order.buyer.email },
                    { label: T.fieldEnabled, value: order.buyer.enabled ? T.enabled : T.disabled },
                  ]}
                />
              </DetailSection>
              <DetailSection title={T.delivery}>
                <FactList
                  facts={[
                    { label: T.fieldDeliveryType, value: DELIVERY_TYPE_LABELS[order.delivery.type] },
                    ...(order.delivery.type === 'entrega'
                      ? [
                          { label: T.fieldAddress, value: `${order.delivery.address} (${order.delivery.addressCode})` },
                          { label: T.fieldCommune, value: order.delivery.commune },
                          { label: T.fieldTransport, value: order.delivery.transport },
                        ]
                      : []),
                    { label: T.fieldInvoiceAddress, value: order.delivery.invoiceAddressCode },
                  ]}
                />
              </DetailSection>
            </Stack>
          </Box>

          <DetailSection title={T.lines}>
            <OrderLinesTable lines={order.lines} label={T.lines} />
          </DetailSection>
          <OrderTotalsSummary totals={order.totals} />

          <DetailSection title={T.payments}>
            <OrderPayments payments={order.payments} />
          </DetailSection>

          {order.chequePhotoUrl && (
            <DetailSection title={T.cheque}>
              <ChequePhotoView number={order.number} photo={cheque} onShow={() => dispatch(chequePhotoRequested())} />
            </DetailSection>
          )}

          <DetailSection title={T.jobs}>
            <OrderJobsTable jobs={order.jobs} retrying={retrying} onRetry={(id) => dispatch(orderJobRetryRequested(id))} />
          </DetailSection>

          <DetailSection title={T.invoices}>
            {order.invoices === null ? (
              <Typography variant="body2">{T.invoicesUnknown}</Typography>
            ) : order.invoices.length === 0 ? (
              <Typography variant="body2">{T.noInvoices}</Typography>
            ) : (
              <TableContainer>
                <Table size="small" aria-label={T.invoices}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{T.colInvoiceDocNum}</TableCell>
                      <TableCell>{T.colInvoiceFolio}</TableCell>
                      <TableCell>{T.colInvoiceDate}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {order.invoices.map((invoice) => (
                      <TableRow key={invoice.docEntry}>
                        <TableCell>{invoice.docNum}</TableCell>
                        <TableCell>{invoice.folio || '—'}</TableCell>
                        <TableCell>{formatDate(invoice.date)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </DetailSection>

          <DetailSection title={T.timeline}>
            <OrderTimeline events={order.timeline} />
          </DetailSection>
        </>
      )}
    </DetailScreen>
  );
}
