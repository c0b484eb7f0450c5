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
import type { ReactNode } from 'react';
import type { RepOrderDetail } from '@shared/api/repOrders';
import { formatDate, formatDateTime } from '@shared/dates';
import { ERP_STATUS_LABELS } from '@shared/erpStatus';
import { COMPANY_ROLE_LABELS } from '@shared/companyRoles';
import { fill } from '@shared/messages';
import { personText, TAKEN_BY_LABEL } from '@shared/people';
import { DELIVERY_TYPE_LABELS, ORDER_TYPE_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '@shared/orderTracking';
import { DetailSection } from '@client/components/DetailScreen';
import { FactList } from '@client/components/FactList';
import { OrderLinesTable } from '@client/components/OrderLinesTable';
import { OrderTotalsSummary } from '@client/components/OrderTotalsSummary';
import { ORDER_STORY_TEXT as T } from './orderStoryTexts';
import { OrderPayments } from './OrderPayments';
import { OrderStateChip } from './OrderStateChip';
import { OrderTimeline } from './OrderTimeline';

/** 'Carolina Ibáñez Rojas (vendedor 1 del ERP)'. */
const repText = (rep: NonNullable<RepOrderDetail['rep']>) => (rep.salesPersonCode === null ? rep.name : fill(T.repOf, { name: rep.name, code: rep.salesPersonCode }));

function summaryFacts(order: RepOrderDetail) {
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

/** The order's state and ERP status, beside the detail's title. */
export function OrderDetailChips({ order }: { order: Pick<RepOrderDetail, 'orderState' | 'erpStatus'> }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <OrderStateChip state={order.orderState} />
      <Chip size="small" variant="outlined" label={ERP_STATUS_LABELS[order.erpStatus]} />
    </Stack>
  );
}

/**
 * One order's story as the admin's 'Pedidos' shows it, read-only: summary, who bought it (and the sales rep who wrote
 * it), delivery, lines, totals, payments, the ERP's invoices and the timeline. The admin's screen adds its staff-only
 * sections (`staff`: the cheque photo, the jobs) and the timeline's links to Trabajos ERP; 'Mis pedidos del vendedor'
 * shows it as it is.
 */
export function OrderDetailBody({ order, staff, jobLinks = false }: { order: RepOrderDetail; staff?: ReactNode; jobLinks?: boolean }) {
  return (
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
                // 'Tomado por': the sales rep who wrote it for the company (docs/sales-reps.md)
                ...(order.rep ? [{ label: TAKEN_BY_LABEL, value: repText(order.rep) }] : []),
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

      {staff}

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
        <OrderTimeline events={order.timeline} jobLinks={jobLinks} />
      </DetailSection>
    </>
  );
}
