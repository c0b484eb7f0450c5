import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { CartItem } from '@shared/api/cart';
import { fill, MSG } from '@shared/messages';
import { formatCLP } from '@shared/money';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { dismissToasts } from '@client/app/notify';
import { PRIMARY_ACTION_SX } from '@client/app/problems';
import { ProblemAlert } from '@client/components/ProblemAlert';
import { heldButton } from '@client/components/heldButton';
import { useFocusAfterRemoval } from '@client/components/removalFocus';
import { VatNote } from '@client/components/VatNote';
import { focusWithoutTabStop } from '@client/app/focusAfterNavigation';
import { IncomingLineDate } from '@client/components/incoming';
import { CartLineImage } from './CartLineImage';
import { selectCartBusy, selectCartDrawerOpen, selectCartItems, selectCartLoad, selectCartTotals } from './cartSelectors';
import { cartDrawerClosed, cartDrawerOpened, cartLineDeleted, selectCartCount } from './cartSlice';
import { CART_TEXT, deleteLabel, drawerTitle, lineLabel } from './cartTexts';
import './cartFeature'; // the feature's slice and saga, in the store before this screen renders

export const CART_DETAIL_ROUTE = '/user/cart-detail';

function DrawerLine({ item, busy, onDelete }: { item: CartItem; busy: boolean; onDelete: () => void }) {
  return (
    <Box component="li" aria-label={lineLabel(item)} sx={{ display: 'flex', gap: 1.5, alignItems: 'center', py: 1.5 }}>
      <CartLineImage item={item} size={64} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {lineLabel(item)}
        </Typography>
        {item.unavailable ? (
          <Typography variant="body2" color="error">
            {fill(MSG.cartItemUnavailable, { sku: item.sku })}
          </Typography>
        ) : (
          <Typography variant="body2">{formatCLP(item.priceFinalUnit)}</Typography>
        )}
        <Typography variant="body2" color="text.secondary">{`${CART_TEXT.quantity}: ${item.quantity}`}</Typography>
        {item.porLlegar && <IncomingLineDate llegada={item.llegada} />}
      </Box>
      <IconButton aria-label={deleteLabel(item)} data-line-delete="" size="small" {...heldButton(busy, onDelete)}>
        {busy ? <CircularProgress size={20} aria-hidden /> : <DeleteIcon />}
      </IconButton>
    </Box>
  );
}

/** What the panel shows; mounted only while it is open, so a closed panel does not follow the lines. */
function CartDrawerContent({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  const dispatch = useAppDispatch();
  // the panel's foot ('VER CARRO') is where a phone shows the toasts: an open panel clears them
  useEffect(dismissToasts, []);
  const count = useAppSelector(selectCartCount);
  const items = useAppSelector(selectCartItems);
  const load = useAppSelector(selectCartLoad);
  const busy = useAppSelector(selectCartBusy);
  const totals = useAppSelector(selectCartTotals);
  const firstLoad = load.status !== 'loaded' && items.length === 0;
  const title = useRef<HTMLHeadingElement>(null);
  const lines = useRef<HTMLUListElement>(null);
  // a deleted line's trash button hands the focus to the next line's (else the previous one's, else the panel's title)
  useFocusAfterRemoval(lines, { control: '[data-line-delete]', fallback: () => title.current && focusWithoutTabStop(title.current) });

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5 }}>
        <Typography ref={title} id={titleId} variant="h2" component="h2" sx={{ flex: 1, fontSize: '1.25rem' }}>
          {drawerTitle(count)}
        </Typography>
        <IconButton aria-label={CART_TEXT.close} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ flex: 1, overflowY: 'auto', px: 2 }}>
        {load.status === 'failed' && (
          <Box sx={{ mt: 2 }}>
            <ProblemAlert message={load.error ?? CART_TEXT.loadFailed} errorStatus={load.errorStatus} onRetry={() => dispatch(cartDrawerOpened())} retryLabel={CART_TEXT.retry} />
          </Box>
        )}
        {firstLoad && load.status !== 'failed' ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={CART_TEXT.loading} />
          </Box>
        ) : items.length === 0 ? (
          load.status === 'loaded' && <Typography sx={{ py: 4, textAlign: 'center' }}>{MSG.cartEmpty}</Typography>
        ) : (
          <Box ref={lines} component="ul" aria-label={CART_TEXT.linesLabel} sx={{ listStyle: 'none', m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
            {items.map((item) => (
              <DrawerLine key={item.id} item={item} busy={Boolean(busy[item.id])} onDelete={() => dispatch(cartLineDeleted(item.id))} />
            ))}
          </Box>
        )}
      </Box>
      <Divider />
      <Box sx={{ p: 2 }}>
        {/* a cart not read yet has no subtotal ($0 would say it is empty) */}
        {(load.status === 'loaded' || items.length > 0) && (
          <Box sx={{ mb: 1.5 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 600 }}>{MSG.cartSubtotal}</Typography>
              <Typography sx={{ fontWeight: 600 }}>{formatCLP(totals.subtotal)}</Typography>
            </Box>
            <VatNote />
          </Box>
        )}
        <Button component={RouterLink} to={CART_DETAIL_ROUTE} onClick={onClose} variant="contained" fullWidth sx={PRIMARY_ACTION_SX}>
          {MSG.cartViewButton}
        </Button>
      </Box>
    </>
  );
}

/** The slide-out panel of the top bar cart icon: 'Carro (n)', the lines, the Subtotal and 'Ver Carro'. */
export function CartDrawer() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectCartDrawerOpen);
  const titleId = useId();
  const close = () => dispatch(cartDrawerClosed());
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={close}
      slotProps={{ paper: { 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: 400 }, maxWidth: '100%' } } }}
    >
      <CartDrawerContent titleId={titleId} onClose={close} />
    </Drawer>
  );
}
