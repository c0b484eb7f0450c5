import ReplayIcon from '@mui/icons-material/Replay';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ReorderChange, ReorderLine } from '@shared/api/ordering';
import { INCOMING_TEXTS } from '@shared/incoming';
import { fill } from '@shared/messages';
import { formatInteger } from '@shared/money';
import { preorderAddRequested, reorderRequested, type ReorderSource } from '@client/app/events';
import { heldButton } from '@client/components/heldButton';
import { preorderable } from '@client/components/incoming';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { ROUTES } from '@client/app/navigation';
import { reorderDismissed, selectQuickOrder, selectReorder } from './quickOrderSlice';
import { QUICK_ORDER_TEXT as T } from './quickOrderTexts';
import './quickOrderFeature'; // the feature's slice and saga, in the store before the button renders

export interface ReorderButtonProps {
  /** The order to buy again: a portal order ('Mis pedidos') by id, or a purchase-history sales order by docEntry. */
  source: ReorderSource;
  /** How the buyer knows the order ('OC000102'): in the button's accessible name. */
  reference: string;
  /** 'icon' in a grid's action cell, 'button' in a detail. */
  variant?: 'icon' | 'button';
  /** The grid's roving tab index, when in a grid cell. */
  tabIndex?: number;
}

const sameSource = (a: ReorderSource | null, b: ReorderSource) =>
  a !== null && a.kind === b.kind && (a.kind === 'order' ? a.id === (b as { id: number }).id : a.docEntry === (b as { docEntry: number }).docEntry);

const CHANGE_COLOR: Record<ReorderChange, 'warning' | 'success' | 'error'> = {
  priceUp: 'warning',
  priceDown: 'success',
  short: 'warning',
  noStock: 'error',
  unavailable: 'error',
};

/** What of a reorder's line may go as a pre-order: the units not added, up to what arrives (0: nothing to offer). */
export const preorderQuantity = (line: ReorderLine) => Math.min(Math.max(0, line.ordered - line.added), preorderable(line.porLlegar));

function ChangedLine({ line, preordered, preordering, onPreorder }: { line: ReorderLine; preordered: number | undefined; preordering: boolean; onPreorder: (quantity: number) => void }) {
  const offer = preorderQuantity(line);
  return (
    <ListItem divider sx={{ display: 'block', px: 0 }}>
      <Typography variant="subtitle2" component="p">
        {line.name}
        {line.size ? ` · ${T.size} ${line.size}` : ''} ({line.sku})
      </Typography>
      <Stack useFlexGap direction="row" spacing={1} sx={{ my: 0.5, flexWrap: 'wrap', rowGap: 0.5 }}>
        {line.changes.map((change) => (
          <Chip key={change} size="small" color={CHANGE_COLOR[change]} label={T.changes[change]} />
        ))}
      </Stack>
      {/* the server says what changed in words: 'El precio subió de $5.990 a $6.490', 'Stock insuficiente: se agregaron 2 de 6' */}
      {line.message && <Typography variant="body2">{line.message}</Typography>}
      {/* not added for want of stock, its units on their way (docs/incoming.md): it may go as a pre-order */}
      {offer > 0 &&
        (preordered ? (
          <Chip size="small" color="info" sx={{ mt: 0.5 }} label={`${INCOMING_TEXTS.preordered}: ${formatInteger(preordered)}`} />
        ) : (
          <Button
            size="small"
            variant="outlined"
            aria-label={fill(INCOMING_TEXTS.addOf, { name: line.name, size: line.size })}
            {...heldButton(preordering, () => onPreorder(offer))}
            sx={{ mt: 0.5, minHeight: 40 }}
          >
            {INCOMING_TEXTS.add}
          </Button>
        ))}
    </ListItem>
  );
}

/**
 * 'Volver a comprar' (docs/ordering.md): puts an earlier order's lines in the cart at today's prices and stock, in one
 * request. When something changed it says what (price up or down, short of stock, no longer sold) before the cart.
 * Used by the purchase history and by the buyer's order detail; the router hands it to those screens.
 */
export default function ReorderButton({ source, reference, variant = 'button', tabIndex }: ReorderButtonProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const reorder = useAppSelector(selectReorder);
  const { preordered, preordering } = useAppSelector(selectQuickOrder);
  const titleId = useId();
  const mine = sameSource(reorder.source, source);
  const running = mine && reorder.status === 'running';
  const anyRunning = reorder.status === 'running';
  const result = mine && reorder.status === 'done' && reorder.result && reorder.result.changed > 0 ? reorder.result : null;
  const label = fill(T.reorderOf, { reference });

  const start = () => dispatch(reorderRequested(source));
  const close = () => dispatch(reorderDismissed());
  const toCart = () => {
    dispatch(reorderDismissed());
    navigate(ROUTES.cartDetail);
  };
  const progress = <CircularProgress size={18} color="inherit" aria-label={T.reorderRunning} />;

  return (
    <>
      {variant === 'icon' ? (
        <Tooltip title={T.reorder}>
          <span>
            <IconButton aria-label={label} color="primary" size="small" tabIndex={tabIndex} disabled={anyRunning} onClick={start}>
              {running ? progress : <ReplayIcon fontSize="small" />}
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Button variant="outlined" aria-label={label} startIcon={running ? progress : <ReplayIcon />} disabled={anyRunning} onClick={start} sx={{ minHeight: 44 }}>
          {T.reorder}
        </Button>
      )}
      <Dialog open={result !== null} onClose={close} fullWidth maxWidth="sm" scroll="paper" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{T.reorderTitle}</DialogTitle>
        <DialogContent dividers>
          {result && (
            <>
              <DialogContentText sx={{ mb: 1 }}>{result.message}</DialogContentText>
              <Typography variant="subtitle1" component="h3">
                {T.reorderChanges}
              </Typography>
              <List dense aria-label={T.reorderChanges}>
                {result.lines
                  .filter((line) => line.changes.length > 0)
                  .map((line) => (
                    <ChangedLine
                      key={line.sku}
                      line={line}
                      preordered={preordered.reorder[line.sku]}
                      preordering={preordering === 'reorder'}
                      onPreorder={(quantity) => dispatch(preorderAddRequested({ items: [{ sku: line.sku, quantity }], origin: 'reorder' }))}
                    />
                  ))}
              </List>
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{T.close}</Button>
          {result && (result.added > 0 || Object.keys(preordered.reorder).length > 0) && (
            <Button variant="contained" onClick={toCart} autoFocus>
              {T.goToCart}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
