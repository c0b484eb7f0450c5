import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import type { PurchaseHistoryLine } from '@shared/api/erp';
import { fill } from '@shared/messages';
import { formatCLP, formatInteger } from '@shared/money';
import { canRetry } from '@client/app/problems';
import { LinesTable, type LineColumn } from '@client/components/LinesTable';
import type { DetailState } from './accountSlice';
import { ACCOUNT_TEXT } from './accountTexts';

interface Props {
  detail: DetailState;
  /** Beside 'Cerrar': 'Volver a comprar' for this order, when the screen offers it. */
  action?: ReactNode;
  onClose: () => void;
  onRetry: () => void;
}

const COLUMNS: LineColumn<PurchaseHistoryLine>[] = [
  // the ERP counts lines from 0; the buyer from 1
  { key: 'lineNum', header: ACCOUNT_TEXT.lineNum, value: (l) => l.lineNum + 1 },
  { key: 'itemCode', header: ACCOUNT_TEXT.itemCode, value: (l) => l.itemCode, nowrap: true },
  { key: 'descripcion', header: ACCOUNT_TEXT.descripcion, value: (l) => l.descripcion, minWidth: 180 },
  { key: 'cantidad', header: ACCOUNT_TEXT.cantidad, value: (l) => formatInteger(l.cantidad), numeric: true },
  { key: 'totalNeto', header: ACCOUNT_TEXT.totalNeto, value: (l) => formatCLP(l.totalNeto), numeric: true, nowrap: true },
];

/**
 * On a phone the lines are cards, with nothing to focus, and the popup's content scrolls up and down: the content itself
 * is then a named region with a Tab stop, so a keyboard can scroll it (WCAG 2.1.1; axe's scrollable-region-focusable).
 * From 600 px up the table's own region is that Tab stop.
 */
const scrollableByKeyboard = { tabIndex: 0, role: 'region', 'aria-labelledby': 'purchase-detail-title' } as const;

/** 'Detalle de Pedido' (R-HIST-2): the lines of one order. */
export function PurchaseDetailDialog({ detail, onClose, onRetry, action }: Props) {
  const { order, status, data: lines, error, errorStatus } = detail;
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog open={order !== null} onClose={onClose} fullWidth maxWidth="md" scroll="paper" aria-labelledby="purchase-detail-title">
      <DialogTitle id="purchase-detail-title">{ACCOUNT_TEXT.detailTitle}</DialogTitle>
      <DialogContent dividers {...(phone && status === 'loaded' ? scrollableByKeyboard : {})}>
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
              // trying again helps only where the answer may change (app/problems.ts)
              canRetry(errorStatus) && (
                <Button color="inherit" size="small" onClick={onRetry}>
                  {ACCOUNT_TEXT.retry}
                </Button>
              )
            }
          >
            {fill(ACCOUNT_TEXT.detailLoadFailed, { message: error ?? '' })}
          </Alert>
        )}
        {status === 'loaded' && (
          // a table from 600 px up (inside the popup it may scroll sideways, and is a Tab stop so a keyboard can scroll
          // it); one card per line on a phone
          <LinesTable rows={lines} rowKey={(l) => l.lineNum} columns={COLUMNS} title="descripcion" label={{ by: 'purchase-detail-title' }} empty={ACCOUNT_TEXT.noLines} />
        )}
      </DialogContent>
      <DialogActions>
        {status === 'loaded' && action}
        <Button onClick={onClose}>{ACCOUNT_TEXT.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
