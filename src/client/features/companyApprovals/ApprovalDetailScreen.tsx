import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { formatDateTime } from '@shared/dates';
import { fill } from '@shared/messages';
import { DELIVERY_TYPE_LABELS, ORDER_TYPE_LABELS, PAYMENT_METHOD_LABELS } from '@shared/orderTracking';
import { formatRut } from '@shared/rut';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { PRIMARY_ACTION_SX } from '@client/app/problems';
import { DetailScreen, DetailSection } from '@client/components/DetailScreen';
import { FactList } from '@client/components/FactList';
import { OrderLinesTable } from '@client/components/OrderLinesTable';
import { OrderTotalsSummary } from '@client/components/OrderTotalsSummary';
import { ApprovalChanges } from './ApprovalChanges';
import { buyerName } from './ApprovalListScreen';
import { approvalsOpened, approveRequested, rejectRequested, selectApproval, selectApprovals, selectChanges, selectDecision } from './companyApprovalsSlice';
import { APPROVALS_TEXT as T, COMPANY_APPROVALS_PATH } from './companyApprovalsTexts';
import { RejectDialog } from './RejectDialog';
import './companyApprovalsFeature'; // the feature's slice and saga, in the store before this screen renders

/** /user/company/approvals/:id: one waiting order, its buyer, lines and totals; Aprobar (confirmed) and Rechazar (with a reason). */
export default function ApprovalDetailScreen() {
  const dispatch = useAppDispatch();
  const id = Number(useParams().id);
  const list = useAppSelector(selectApprovals);
  const approval = useAppSelector((state) => selectApproval(state, id));
  const decision = useAppSelector(selectDecision);
  const changes = useAppSelector(selectChanges);
  const [rejecting, setRejecting] = useState(false);
  const busy = decision.status === 'running';

  // the list is the source of the detail: read when this screen is the first of the feature to open
  useEffect(() => {
    if (list.status === 'idle') dispatch(approvalsOpened());
  }, [dispatch, list.status]);

  const loading = list.status === 'idle' || (list.status === 'loading' && !approval);
  const missing = list.status === 'loaded' && !approval;
  return (
    <DetailScreen
      title={fill(T.detailTitle, { number: approval?.number ?? String(id) })}
      back={{ to: COMPANY_APPROVALS_PATH, label: T.back }}
      actions={
        approval && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Button variant="contained" onClick={() => dispatch(approveRequested({ id }))} disabled={busy} sx={PRIMARY_ACTION_SX}>
              {T.approve}
            </Button>
            <Button variant="outlined" color="error" onClick={() => setRejecting(true)} disabled={busy} sx={PRIMARY_ACTION_SX}>
              {T.reject}
            </Button>
            {busy && <CircularProgress size={24} aria-label={T.working} />}
          </Stack>
        )
      }
      loading={loading}
      loadingLabel={T.loading}
      error={list.status === 'failed' ? (list.error ?? T.failure) : missing ? T.notFound : null}
      errorStatus={list.status === 'failed' ? list.errorStatus : undefined}
      retryLabel={T.retry}
      onRetry={() => dispatch(approvalsOpened())}
    >
      {approval && (
        <>
          {decision.status === 'failed' && decision.error && <Alert severity="error">{decision.error}</Alert>}
          {changes?.id === id && <ApprovalChanges changes={changes} busy={busy} onApprove={() => dispatch(approveRequested({ id }))} />}
          <DetailSection title={T.buyer}>
            <FactList
              facts={[
                { label: T.fieldBuyer, value: buyerName(approval) },
                { label: T.fieldRut, value: formatRut(approval.buyer.rut) },
                { label: T.fieldEmail, value: approval.buyer.email || null },
              ]}
            />
          </DetailSection>
          <DetailSection title={T.summary}>
            <FactList
              facts={[
                { label: T.fieldCreatedAt, value: formatDateTime(approval.createdAt) },
                { label: T.fieldType, value: ORDER_TYPE_LABELS[approval.orderType] },
                { label: T.fieldPaymentMethod, value: approval.paymentMethod ? PAYMENT_METHOD_LABELS[approval.paymentMethod] : null },
                { label: T.fieldDelivery, value: DELIVERY_TYPE_LABELS[approval.deliveryType] },
                ...(approval.buyerReference ? [{ label: T.fieldReference, value: approval.buyerReference }] : []),
              ]}
            />
          </DetailSection>
          <DetailSection title={T.lines}>
            <OrderLinesTable lines={approval.lines} label={T.lines} />
          </DetailSection>
          <OrderTotalsSummary totals={approval.totals} />
          <RejectDialog
            open={rejecting}
            number={approval.number}
            onCancel={() => setRejecting(false)}
            onReject={(reason) => {
              setRejecting(false);
              dispatch(rejectRequested({ id, reason }));
            }}
          />
        </>
      )}
    </DetailScreen>
  );
}
