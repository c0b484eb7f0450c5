import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AdminOrderPayment } from '@shared/api/adminOrders';
import { formatDateTime } from '@shared/dates';
import { fill } from '@shared/messages';
import { formatCLP } from '@shared/money';
import { describePaymentState, PROVIDER_NAMES } from '@shared/payments';
import { FactList } from '@client/components/FactList';
import { ORDER_STORY_TEXT as T } from './orderStoryTexts';

/** The order's card and transfer payments, each with the provider's stored answer (the server's whitelist of fields). */
export function OrderPayments({ payments }: { payments: AdminOrderPayment[] }) {
  if (payments.length === 0) return <Typography variant="body2">{T.noPayments}</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {payments.map((payment) => (
        <Box key={payment.id} component="article" aria-label={fill(T.paymentTitle, { provider: PROVIDER_NAMES[payment.provider], amount: formatCLP(payment.amount) })}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            {fill(T.paymentTitle, { provider: PROVIDER_NAMES[payment.provider], amount: formatCLP(payment.amount) })}
          </Typography>
          <FactList
            facts={[
              { label: T.fieldPaymentState, value: describePaymentState(payment.state) },
              { label: T.fieldPurpose, value: payment.purpose === 'ORDER' ? T.purposeOrder : T.purposeInvoices },
              { label: T.fieldReference, value: payment.reference },
              ...(payment.sessionId ? [{ label: T.fieldSession, value: payment.sessionId }] : []),
              { label: T.fieldProviderId, value: payment.providerId },
              { label: T.fieldStarted, value: formatDateTime(payment.createdAt) },
              { label: T.fieldSettled, value: formatDateTime(payment.outcomeAppliedAt) },
            ]}
          />
          {payment.providerFields.length > 0 && (
            <TableContainer sx={{ mt: 1 }}>
              <Table size="small" aria-label={T.providerFields}>
                <TableBody>
                  {payment.providerFields.map((f) => (
                    <TableRow key={f.field}>
                      <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap', color: 'text.secondary', pl: 0 }}>
                        {f.field}
                      </TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{f.value}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Box>
      ))}
    </Box>
  );
}
