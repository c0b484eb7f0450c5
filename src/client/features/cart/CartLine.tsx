import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { CartItem } from '@shared/api/cart';
import { fill, MSG } from '@shared/messages';
import { formatCLP } from '@shared/money';
import { notify } from '@client/app/notify';
import { heldButton } from '@client/components/heldButton';
import { CartLineImage } from './CartLineImage';
import { aboveStock, clampCartQuantity, maxQuantity } from './cartQuantity';
import { CART_TEXT, decreaseLabel, deleteLabel, increaseLabel, lineLabel, quantityLabel } from './cartTexts';
import { productDetailPath } from '@client/app/routePaths';
import { IncomingLineDate } from '@client/components/incoming';

export interface CartLineProps {
  item: CartItem;
  /** A change or deletion of this line is on its way to the server. */
  busy: boolean;
  onQuantityChange: (quantity: number) => void;
  onDelete: () => void;
}

/**
 * Minus, input, plus. Minus stops at 1, plus at the stock; the input clamps to 1..stock (above the stock it says
 * 'Un producto excede es mayor al stock', as the product page does) and is sent on blur or Enter.
 * While a change saves, and at their limit, minus and plus are held, not disabled: they keep the focus, so Enter
 * pressed again steps the quantity again once the change is saved (components/heldButton).
 */
function QuantityStepper({ item, busy, onQuantityChange }: Omit<CartLineProps, 'onDelete'>) {
  // what the buyer is typing; null shows the line's quantity
  const [draft, setDraft] = useState<string | null>(null);
  const max = maxQuantity(item.stock);
  // a size the ERP no longer sells can only be removed: its buttons are no Tab stops
  const unavailable = Boolean(item.unavailable);

  const commit = () => {
    if (draft === null) return;
    const quantity = clampCartQuantity(draft, item.stock);
    setDraft(null);
    if (quantity !== null && quantity !== item.quantity) onQuantityChange(quantity);
  };

  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <IconButton size="small" aria-label={decreaseLabel(item)} disabled={unavailable} {...heldButton(busy || item.quantity <= 1, () => onQuantityChange(item.quantity - 1))}>
        <RemoveIcon fontSize="small" />
      </IconButton>
      <TextField
        type="number"
        size="small"
        value={draft ?? String(item.quantity)}
        onChange={(e) => {
          const quantity = clampCartQuantity(e.target.value, item.stock);
          setDraft(quantity === null ? e.target.value : String(quantity));
          // the same rule and words as the product page: clamped to the stock, and said
          if (aboveStock(e.target.value, item.stock)) notify(MSG.aboveStock, 'error');
        }}
        onBlur={commit}
        onKeyDown={(e: KeyboardEvent) => {
          if (e.key === 'Enter') commit();
        }}
        disabled={unavailable}
        slotProps={{ htmlInput: { min: 1, max, step: 1, inputMode: 'numeric', readOnly: busy, 'aria-label': quantityLabel(item) } }}
        sx={{ width: 76, '& input': { textAlign: 'center' } }}
      />
      <IconButton size="small" aria-label={increaseLabel(item)} disabled={unavailable} {...heldButton(busy || item.quantity >= max, () => onQuantityChange(item.quantity + 1))}>
        <AddIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

function Price({ label, children }: { label: string; children: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'baseline' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * One line of the cart detail. On a phone it stacks (photo and name, prices, quantity and total); from 600 px on it
 * is one row. Prices are the server's: P. Lista, P. Oferta ('-' without an offer), P. Distrib. (offer and loyalty).
 */
export function CartLine({ item, busy, onQuantityChange, onDelete }: CartLineProps) {
  const hasOffer = item.priceOffer < item.priceList;
  return (
    <Box
      component="li"
      aria-label={lineLabel(item)}
      sx={{
        display: 'grid',
        columnGap: 2,
        rowGap: 1,
        alignItems: 'center',
        py: 2,
        gridTemplateColumns: { xs: '72px minmax(0, 1fr) auto', sm: '72px minmax(0, 1fr) auto auto auto' },
        gridTemplateAreas: {
          xs: '"img name del" "img prices prices" "qty qty total"',
          sm: '"img name qty total del" "img prices qty total del"',
        },
      }}
    >
      <Box sx={{ gridArea: 'img', alignSelf: 'start' }}>
        <CartLineImage item={item} size={72} />
      </Box>
      <Box sx={{ gridArea: 'name', minWidth: 0 }}>
        <Link component={RouterLink} to={productDetailPath(item.style)} underline="hover" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {item.name}
        </Link>
        <Typography variant="body2" color="text.secondary">{`${CART_TEXT.size} ${item.size} · ${item.sku}`}</Typography>
        {item.porLlegar && <IncomingLineDate llegada={item.llegada} />}
      </Box>
      {item.unavailable ? (
        <Typography variant="body2" color="error" sx={{ gridArea: 'prices' }}>
          {fill(MSG.cartItemUnavailable, { sku: item.sku })}
        </Typography>
      ) : (
        <Box component="dl" sx={{ gridArea: 'prices', display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.25, m: 0 }}>
          <Price label={CART_TEXT.priceList}>{formatCLP(item.priceList)}</Price>
          <Price label={CART_TEXT.priceOffer}>{hasOffer ? formatCLP(item.priceOffer) : '-'}</Price>
          <Price label={CART_TEXT.priceDistributor}>{formatCLP(item.priceFinalUnit)}</Price>
        </Box>
      )}
      <Box sx={{ gridArea: 'qty' }}>
        <QuantityStepper item={item} busy={busy} onQuantityChange={onQuantityChange} />
      </Box>
      <Box component="dl" sx={{ gridArea: 'total', m: 0, textAlign: 'right', minWidth: 96 }}>
        <Typography component="dt" variant="body2" color="text.secondary">
          {CART_TEXT.lineTotal}
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
          {item.unavailable ? '-' : formatCLP(item.priceFinal)}
        </Typography>
      </Box>
      <Box sx={{ gridArea: 'del', justifySelf: 'end' }}>
        {/* held while the line goes: it keeps the focus until the line leaves, then the next line's gets it */}
        <IconButton aria-label={deleteLabel(item)} data-line-delete="" {...heldButton(busy, onDelete)}>
          {busy ? <CircularProgress size={20} aria-hidden /> : <DeleteIcon />}
        </IconButton>
      </Box>
    </Box>
  );
}
