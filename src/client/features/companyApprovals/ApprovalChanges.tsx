import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { fill } from '@shared/messages';
import { formatCLP, formatInteger } from '@shared/money';
import type { ApprovalChangesState } from './companyApprovalsSlice';
import { APPROVALS_TEXT as T } from './companyApprovalsTexts';

/**
 * What changed in the order since it was made (the server's answer to an approve): each line's price before and now,
 * the stock when it no longer covers the line, both totals; 'Aprobar con los precios actuales' unless the stock is short.
 */
export function ApprovalChanges({ changes, busy, onApprove }: { changes: ApprovalChangesState; busy: boolean; onApprove: () => void }) {
  const short = changes.changes.some((c) => c.short);
  return (
    <Alert
      severity="warning"
      role="alert"
      action={
        !short && (
          <Button color="inherit" variant="outlined" onClick={onApprove} disabled={busy} sx={{ whiteSpace: 'nowrap' }}>
            {T.approveCurrent}
          </Button>
        )
      }
      sx={{ '& .MuiAlert-message': { minWidth: 0, flex: 1 }, flexWrap: 'wrap' }}
    >
      <AlertTitle>{T.changesTitle}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {changes.message}
      </Typography>
      {changes.changes.length > 0 && (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={T.changesGrid}>
            <TableHead>
              <TableRow>
                <TableCell>{T.colProduct}</TableCell>
                <TableCell>{T.colSize}</TableCell>
                <TableCell align="right">{T.colQuantity}</TableCell>
                <TableCell align="right">{T.colOldPrice}</TableCell>
                <TableCell align="right">{T.colNewPrice}</TableCell>
                <TableCell align="right">{T.colStock}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {changes.changes.map((c) => (
                <TableRow key={c.sku}>
                  <TableCell>
                    {c.name} <Typography component="span" variant="caption" color="text.secondary">({c.sku})</Typography>
                  </TableCell>
                  <TableCell>{c.size}</TableCell>
                  <TableCell align="right">{formatInteger(c.quantity)}</TableCell>
                  <TableCell align="right">{formatCLP(c.oldPrice)}</TableCell>
                  <TableCell align="right">{formatCLP(c.newPrice)}</TableCell>
                  <TableCell align="right">{c.short ? `${formatInteger(c.stock)} · ${T.stockShort}` : formatInteger(c.stock)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
        {fill(T.totals, { old: formatCLP(changes.oldTotal), now: formatCLP(changes.newTotal) })}
      </Typography>
    </Alert>
  );
}
