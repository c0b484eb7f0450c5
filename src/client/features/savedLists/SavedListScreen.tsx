import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import DeleteIcon from '@mui/icons-material/Delete';
import DescriptionIcon from '@mui/icons-material/Description';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { SavedListItem, SavedListSize } from '@shared/api/savedLists';
import { fill } from '@shared/messages';
import { formatCLP, formatInteger } from '@shared/money';
import { SAVED_LIST_MAX_QUANTITY } from '@shared/schemas/savedLists';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { PRIMARY_ACTION_SX } from '@client/app/problems';
import { heldButton } from '@client/components/heldButton';
import { PageSpinner } from '@client/components/PageSpinner';
import { ProblemAlert } from '@client/components/ProblemAlert';
import { listLineSheetPath, SAVED_LISTS_PATH, SAVED_LISTS_TEXT as T } from './savedListsTexts';
import { savedListQuantityChanged, savedListRequested, savedListToCartRequested, selectSavedLists, styleRemoveRequested } from './savedListsSlice';
import './savedListsFeature'; // the feature's slice and saga, in the store before this screen renders

/** A whole number 0..max from what was typed ('' is 0); null when it is not one. */
function quantityOf(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^\d+$/.test(trimmed)) return null;
  return Math.min(Number(trimmed), SAVED_LIST_MAX_QUANTITY);
}

/** A size's quantity: typed freely, kept on leaving the field (or Enter); keyed by the saved quantity, it starts from it. */
function QuantityInput({ size, name, editable, onCommit }: { size: SavedListSize; name: string; editable: boolean; onCommit: (quantity: number) => void }) {
  const [text, setText] = useState(size.quantity ? String(size.quantity) : '');
  const commit = () => {
    const quantity = quantityOf(text);
    if (quantity === null) {
      setText(size.quantity ? String(size.quantity) : '');
      return;
    }
    setText(quantity ? String(quantity) : '');
    if (quantity !== size.quantity) onCommit(quantity);
  };
  return (
    <TextField
      size="small"
      value={text}
      disabled={!editable || size.unavailable}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
      slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': fill(T.quantityOf, { name, size: size.size }), style: { width: '4em', textAlign: 'right' } } }}
    />
  );
}

function StyleCard({ listId, item, editable }: { listId: number; item: SavedListItem; editable: boolean }) {
  const dispatch = useAppDispatch();
  return (
    <Paper component="li" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, listStyle: 'none' }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', mb: 1 }}>
        {item.urlImageMain ? (
          <Box component="img" src={item.urlImageMain} alt={item.name} loading="lazy" sx={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }} />
        ) : (
          <Box role="img" aria-label={`${item.name} (sin imagen)`} sx={{ width: 72, height: 72, bgcolor: 'grey.200', borderRadius: 1, flexShrink: 0 }} />
        )}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h2" sx={{ fontWeight: 600, fontSize: '1.05rem', overflowWrap: 'anywhere' }}>
            {item.unavailable ? item.name : <Link component={RouterLink} to={`/user/product-detail/${encodeURIComponent(item.style)}`}>{item.name}</Link>}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {item.style}
          </Typography>
          {item.unavailable && <Chip size="small" color="warning" label={T.unavailable} sx={{ mt: 0.5 }} />}
          {item.percentageOffer > 0 && !item.unavailable && <Chip size="small" color="secondary" label={`Oferta -${item.percentageOffer}%`} sx={{ mt: 0.5 }} />}
        </Box>
        {editable && (
          <IconButton aria-label={fill(T.removeOf, { name: item.name })} color="error" onClick={() => dispatch(styleRemoveRequested({ listId, style: item.style }))} sx={{ minWidth: 44, minHeight: 44 }}>
            <DeleteIcon />
          </IconButton>
        )}
      </Stack>
      {item.sizes.length > 0 && (
        <Table size="small" aria-label={`${T.size}s: ${item.name}`} sx={{ '& td, & th': { px: { xs: 0.5, sm: 1 } } }}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">{T.size}</TableCell>
              <TableCell component="th" scope="col" align="right">{T.stock}</TableCell>
              <TableCell component="th" scope="col" align="right">{T.yourPrice}</TableCell>
              <TableCell component="th" scope="col" align="right">{T.quantity}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {item.sizes.map((size) => (
              <TableRow key={size.sku}>
                <TableCell component="th" scope="row">{size.size || size.sku}</TableCell>
                <TableCell align="right">{size.unavailable ? '—' : formatInteger(size.stock)}</TableCell>
                <TableCell align="right">
                  {size.unavailable ? '—' : formatCLP(size.priceFinalUnit)}
                  {!size.unavailable && size.priceFinalUnit < size.priceList && (
                    <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', textDecoration: 'line-through' }} aria-label={`${T.listPrice} ${formatCLP(size.priceList)}`}>
                      {formatCLP(size.priceList)}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">
                  <QuantityInput key={`${size.sku}:${size.quantity}`} size={size} name={item.name} editable={editable} onCommit={(quantity) => dispatch(savedListQuantityChanged({ listId, style: item.style, sku: size.sku, quantity }))} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

/** One list (/user/listas/:id): its styles with stock, the buyer's prices and quantities; 'Agregar al carro'; its line sheet. */
export default function SavedListScreen() {
  const { id: param = '' } = useParams();
  const id = Number(param);
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectSavedLists);
  const detail = state.detail?.id === id ? state.detail : null;

  useEffect(() => {
    if (Number.isInteger(id) && id > 0) dispatch(savedListRequested(id));
  }, [dispatch, id]);

  if (!detail) {
    if (state.detailStatus === 'failed') return <ProblemAlert message={state.detailError ?? ''} onRetry={() => dispatch(savedListRequested(id))} retryLabel={T.retry} />;
    return <PageSpinner label={T.listLoading} />;
  }
  const sizes = detail.items.filter((i) => !i.unavailable).flatMap((i) => i.sizes.filter((s) => !s.unavailable));
  const units = sizes.reduce((sum, s) => sum + s.quantity, 0);
  const amount = sizes.reduce((sum, s) => sum + s.quantity * s.priceFinalUnit, 0);
  const result = state.toCartResult;
  const problems = result?.lines.filter((l) => l.message) ?? [];

  return (
    <Box component="article" aria-labelledby="lista-title">
      <Link component={RouterLink} to={SAVED_LISTS_PATH} sx={{ display: 'inline-block', mb: 1 }}>
        {T.back}
      </Link>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
        <Typography id="lista-title" variant="h1" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {detail.name}
        </Typography>
        {detail.shared && <Chip size="small" color="primary" variant="outlined" label={T.sharedChip} />}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{`${T.owner}: ${detail.owner}`}</Typography>
      {!detail.mine && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {fill(T.readOnly, { owner: detail.owner })}
        </Alert>
      )}

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Button
          variant="contained"
          size="large"
          startIcon={state.toCartBusy ? <CircularProgress size={18} color="inherit" aria-label={T.adding} /> : <AddShoppingCartIcon />}
          {...heldButton(state.toCartBusy, () => dispatch(savedListToCartRequested(id)))}
          sx={PRIMARY_ACTION_SX}
        >
          {T.toCart}
        </Button>
        <Button component={RouterLink} to={listLineSheetPath(id)} variant="outlined" startIcon={<DescriptionIcon />} sx={PRIMARY_ACTION_SX}>
          {T.lineSheet}
        </Button>
        <Typography sx={{ ml: { sm: 'auto' } }}>
          {`${T.total}: ${fill(T.units, { units: formatInteger(units) })} · ${formatCLP(amount)}`}
        </Typography>
      </Stack>

      {result && (
        <Alert
          severity={result.rejected + result.clamped > 0 ? 'warning' : 'success'}
          sx={{ mb: 2 }}
          role="status"
          action={
            <Button component={RouterLink} to="/user/cart-detail" color="inherit" size="small">
              {T.goToCart}
            </Button>
          }
        >
          <Typography component="p">{result.message}</Typography>
          {problems.length > 0 && (
            <Box component="ul" aria-label={T.resultTitle} sx={{ m: 0, pl: 2 }}>
              {problems.map((line) => (
                <li key={line.sku}>{`${line.sku}: ${line.message}`}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}

      {detail.items.length === 0 ? (
        <Alert severity="info">{T.listEmpty}</Alert>
      ) : (
        <Stack component="ul" spacing={1.5} aria-labelledby="lista-title" sx={{ p: 0, m: 0 }}>
          {detail.items.map((item) => (
            <StyleCard key={item.style} listId={id} item={item} editable={detail.mine} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
