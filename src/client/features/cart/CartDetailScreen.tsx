import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type RefObject } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { CartItem } from '@shared/api/cart';
import { INCOMING_TEXTS } from '@shared/incoming';
import { MSG } from '@shared/messages';
import { PageSpinner } from '@client/components/PageSpinner';
import { ProblemAlert } from '@client/components/ProblemAlert';
import { useFocusAfterRemoval } from '@client/components/removalFocus';
import { VatNote } from '@client/components/VatNote';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { CartLine } from './CartLine';
import {
  selectCartBusy,
  selectCartHasBusyLines,
  selectCartHasUnavailableLines,
  selectCartItems,
  selectCartLoad,
  selectCartTotals,
  splitLines,
} from './cartSelectors';
import { cartCheckoutChosen, cartLineDeleted, cartQuantityChanged, cartScreenOpened } from './cartSlice';
import { CartSummary } from './CartSummary';
import { CART_TEXT, productCount } from './cartTexts';
import './cartFeature'; // the feature's slice and saga, in the store before this screen renders
import { PRIMARY_ACTION_SX } from '@client/app/problems';

function SectionTitle({ children }: { children: string }) {
  return (
    <Typography variant="h2" component="h2" sx={{ fontSize: '1.15rem', mt: 2, mb: 1, '&:first-of-type': { mt: 0 } }}>
      {children}
    </Typography>
  );
}

/** One list of lines (`lines`: the screen follows the focus in it, since the list goes with its last line). */
function CartLines({ items, label, busy, lines }: { items: CartItem[]; label: string; busy: Record<number, boolean>; lines: RefObject<HTMLUListElement | null> }) {
  const dispatch = useAppDispatch();
  return (
    <Paper variant="outlined" sx={{ px: { xs: 1.5, sm: 2 } }}>
      <Box ref={lines} component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
        {items.map((item) => (
          <CartLine
            key={item.id}
            item={item}
            busy={Boolean(busy[item.id])}
            onQuantityChange={(quantity) => dispatch(cartQuantityChanged({ id: item.id, quantity }))}
            onDelete={() => dispatch(cartLineDeleted(item.id))}
          />
        ))}
      </Box>
    </Paper>
  );
}

/** /user/cart-detail (R-CART-3, R-CART-4): the lines with their prices and quantities, and the summary. */
export default function CartDetailScreen() {
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectCartItems);
  const load = useAppSelector(selectCartLoad);
  const busy = useAppSelector(selectCartBusy);
  const changing = useAppSelector(selectCartHasBusyLines);
  const unavailable = useAppSelector(selectCartHasUnavailableLines);
  const totals = useAppSelector(selectCartTotals);
  useEffect(() => {
    dispatch(cartScreenOpened());
  }, [dispatch]);

  const { now, incoming } = splitLines(items);
  // a deleted line's trash button hands the focus to the next line's (else the previous one's, else the page's heading)
  const nowLines = useRef<HTMLUListElement>(null);
  const incomingLines = useRef<HTMLUListElement>(null);
  useFocusAfterRemoval(nowLines, { control: '[data-line-delete]' });
  useFocusAfterRemoval(incomingLines, { control: '[data-line-delete]' });
  const loaded = load.status === 'loaded';
  // the lines of an earlier visit stay on screen while they are read again
  const firstLoad = !loaded && items.length === 0;

  const retry = () => dispatch(cartScreenOpened());
  // nothing read yet and the read failed: one alert and no summary (its $0 would say the cart is empty; it is not)
  const nothingRead = load.status === 'failed' && items.length === 0;

  let body;
  if (nothingRead) {
    body = <ProblemAlert message={load.error ?? CART_TEXT.loadFailed} errorStatus={load.errorStatus} onRetry={retry} retryLabel={CART_TEXT.retry} />;
  } else if (firstLoad) {
    body = <PageSpinner label={CART_TEXT.loading} />;
  } else if (items.length === 0) {
    body = (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, textAlign: 'center' }}>
        <Typography gutterBottom>{MSG.cartEmpty}</Typography>
        <Button component={RouterLink} to="/user/catalog" variant="outlined" sx={PRIMARY_ACTION_SX}>
          {CART_TEXT.goShopping}
        </Button>
      </Paper>
    );
  } else {
    body = (
      <>
        {/* pre-order lines (docs/incoming.md) apart from the stock on hand, each part under its heading */}
        {incoming.length > 0 && now.length > 0 && <SectionTitle>{INCOMING_TEXTS.sectionNow}</SectionTitle>}
        {now.length > 0 && <CartLines items={now} label={CART_TEXT.linesLabel} busy={busy} lines={nowLines} />}
        {incoming.length > 0 && (
          <>
            <SectionTitle>{INCOMING_TEXTS.sectionIncoming}</SectionTitle>
            <CartLines items={incoming} label={`${CART_TEXT.linesLabel} ${INCOMING_TEXTS.lineSuffix}`} busy={busy} lines={incomingLines} />
          </>
        )}
        <VatNote sx={{ mt: 1 }} />
      </>
    );
  }

  return (
    <Box component="section" aria-labelledby="carro-title">
      <Box sx={{ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', columnGap: 2, mb: 2 }}>
        <Typography id="carro-title" variant="h1" component="h1">
          {MSG.cartTitle}
        </Typography>
        {!firstLoad && <Typography color="text.secondary">{productCount(items.length)}</Typography>}
      </Box>
      {load.status === 'loading' && !firstLoad && <LinearProgress aria-label={CART_TEXT.loading} sx={{ mb: 1 }} />}
      {load.status === 'failed' && items.length > 0 && <ProblemAlert message={load.error ?? CART_TEXT.loadFailed} errorStatus={load.errorStatus} onRetry={retry} retryLabel={CART_TEXT.retry} />}
      {nothingRead ? (
        body
      ) : (
        <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(280px, 1fr)' }, alignItems: 'start' }}>
          <Box sx={{ minWidth: 0 }}>{body}</Box>
          <CartSummary
            totals={totals}
            disabled={items.length === 0 || changing || unavailable}
            onContinue={() => dispatch(cartCheckoutChosen({ reserve: false }))}
            onReserve={() => dispatch(cartCheckoutChosen({ reserve: true }))}
          />
        </Box>
      )}
    </Box>
  );
}
