import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { fill } from '@shared/messages';
import { formatCLP, formatInteger } from '@shared/money';
import type { DetailState } from './accountSlice';
import { ACCOUNT_TEXT } from './accountTexts';

interface Props {
  detail: DetailState;
  /** Beside 'Cerrar': 'Volver a comprar' for this order, when the screen offers it. */
  action?: ReactNode;
  onClose: () => void;
  onRetry: () => void;
}

/** 'Detalle de Pedido' (spec section 2, Purchase history): the lines of one order. */
export function PurchaseDetailDialog({ detail, onClose, onRetry, action }: Props) {
  const { order, status, data: lines, error } = detail;
  return (
    <Dialog open={order !== null} onClose={onClose} fullWidth maxWidth="md" scroll="paper" aria-labelledby="purchase-detail-title">
      <DialogTitle id="purchase-detail-title">{ACCOUNT_TEXT.detailTitle}</DialogTitle>
      <DialogContent dividers>
        {order && <DialogContentText sx={{ mb: 2 }}>{fill(ACCOUNT_TEXT.detailOrder, { numPedido: order.numPedido })}</DialogContentText>}
        {status === 'loading' && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={ACCOUNT_TEXT.loadingDetail} />
          </Box>
        )}
        {status === 'failed' && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={onRetry}>
                {ACCOUNT_TEXT.retry}
              </Button>
            }
          >
            {fill(ACCOUNT_TEXT.detailLoadFailed, { message: error ?? '' })}
          </Alert>
        )}
        {status === 'loaded' && (
          // wider than a phone: the table scrolls sideways inside the popup, and is a Tab stop so a keyboard can scroll it
          <TableContainer tabIndex={0} role="region" aria-labelledby="purchase-detail-title">
            <Table size="small" aria-labelledby="purchase-detail-title">
              <TableHead>
                <TableRow>
                  <TableCell>{ACCOUNT_TEXT.lineNum}</TableCell>
                  <TableCell>{ACCOUNT_TEXT.itemCode}</TableCell>
                  <TableCell>{ACCOUNT_TEXT.descripcion}</TableCell>
                  <TableCell align="right">{ACCOUNT_TEXT.cantidad}</TableCell>
                  <TableCell align="right">{ACCOUNT_TEXT.totalNeto}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {lines.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={5}>{ACCOUNT_TEXT.noLines}</TableCell>
                  </TableRow>
                ) : (
                  lines.map((line) => (
                    <TableRow key={line.lineNum}>
                      {/* the ERP counts lines from 0; the buyer from 1 */}
                      <TableCell>{line.lineNum + 1}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{line.itemCode}</TableCell>
                      <TableCell sx={{ minWidth: 180 }}>{line.descripcion}</TableCell>
                      <TableCell align="right">{formatInteger(line.cantidad)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatCLP(line.totalNeto)}
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        {status === 'loaded' && action}
        <Button onClick={onClose}>{ACCOUNT_TEXT.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
