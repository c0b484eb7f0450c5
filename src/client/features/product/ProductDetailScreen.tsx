import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import DescriptionIcon from '@mui/icons-material/Description';
import StraightenIcon from '@mui/icons-material/Straighten';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { RelatedVariant } from '@shared/api/erp';
import { fill, MSG } from '@shared/messages';
import { formatCLP } from '@shared/money';
import { sizePrices } from '@shared/pricing';
import { PageSpinner } from '@client/components/PageSpinner';
import type { StockAlertSlot } from '@client/components/stockAlertSlot';
import { ProblemAlert } from '@client/components/ProblemAlert';
import { VatNote } from '@client/components/VatNote';
import { cartItemsAddRequested, preorderAddRequested } from '@client/app/events';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { notify } from '@client/app/notify';
import { PRIMARY_ACTION_SX } from '@client/app/problems';
import { heldButton } from '@client/components/heldButton';
import { technologyIcon } from './api';
import {
  curveDeleteRequested,
  curveSaveRequested,
  gridAddRequested,
  gridCleared,
  gridFilled,
  gridQuantityChanged,
  preorderClosed,
  preorderOpened,
  productOpened,
  productQuantityChanged,
  productViewChanged,
  selectProduct,
} from './productSlice';
import { ProductGallery } from './ProductGallery';
import { PreorderDialog, type PreorderTarget } from './PreorderDialog';
import { chosenItems, clampQuantity } from './quantities';
import { SizeGrid } from './SizeGrid';
import { GRID_TEXT, PRODUCT_TEXT } from './texts';
import { VariantsTable } from './VariantsTable';
import './productFeature'; // the feature's slice and saga, in the store before this screen renders

/** Who looks at the product; the app composes it from the session. */
export interface ProductViewer {
  loggedIn: boolean;
  isAdmin: boolean;
  blocked: boolean;
  /** The buyer's role inside the company lets them buy (a visitor: true, the login comes first). */
  mayBuy: boolean;
  /** Loyalty discount percent of the buyer (0 for admins). */
  descFidel: number;
}

const lines = (text: string | undefined) =>
  (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** One price of the page; `from` when the sizes differ in it: 'desde $x' (the cheapest size's). */
function PriceLine({ label, value, strong, badge, id, from }: { label: string; value: number; strong?: boolean; badge?: React.ReactNode; id?: string; from?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography component="span" id={id} color={strong ? 'text.primary' : 'text.secondary'} sx={{ minWidth: 150, fontWeight: strong ? 600 : 400 }}>
        {label}
      </Typography>
      <Typography component="span" sx={{ fontWeight: strong ? 700 : 500, fontSize: strong ? '1.35rem' : '1rem' }}>
        {from ? fill(MSG.priceFrom, { price: formatCLP(value) }) : formatCLP(value)}
      </Typography>
      {badge}
    </Box>
  );
}

/** How the price the buyer pays is made, in words: 'precio lista, oferta -20% y tu descuento de fidelización -6%'. */
function priceParts(offerPct: number, loyaltyPct: number): string {
  const parts: string[] = [PRODUCT_TEXT.priceParts.list];
  if (offerPct > 0) parts.push(fill(PRODUCT_TEXT.priceParts.offer, { pct: offerPct }));
  if (loyaltyPct > 0) parts.push(fill(PRODUCT_TEXT.priceParts.loyalty, { pct: loyaltyPct }));
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} y ${parts[parts.length - 1]}` : parts[0]!;
}

/** 'Guardar en lista' of a style (a colour), given by the app to a buyer who may buy (docs/saved-lists.md). */
export type SaveToList = (style: string, name: string, variant?: 'button' | 'icon') => React.ReactNode;

/** Product detail (/user/product-detail/:sku); another sku starts afresh (quantities, dialogs). */
interface ProductDetailProps {
  viewer: ProductViewer;
  stockAlert?: StockAlertSlot;
  saveToList?: SaveToList;
}

export default function ProductDetailScreen(props: ProductDetailProps) {
  const { sku = '' } = useParams();
  return <ProductDetail key={sku} sku={sku} {...props} />;
}

function ProductDetail({ sku, viewer, stockAlert, saveToList }: ProductDetailProps & { sku: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { status, detail, content, error, errorStatus, sku: loadedSku, quantities, adding, view, grid, gridAdding, gridProblems, gridShortfalls, curves, curveSaving, preorder, preorderAdding } =
    useAppSelector(selectProduct);
  const [loginDialog, setLoginDialog] = useState(false);
  const [sizeGuide, setSizeGuide] = useState(false);

  useEffect(() => {
    dispatch(productOpened(sku));
  }, [dispatch, sku]);

  if (status === 'loading' || loadedSku !== sku) return <PageSpinner label="Cargando producto" />;
  if (status === 'failed' || !detail) {
    return <ProblemAlert message={error ?? MSG.unknownError} errorStatus={errorStatus} onRetry={() => dispatch(productOpened(sku))} retryLabel={PRODUCT_TEXT.retry} />;
  }

  const name = detail.nombre || content?.name || sku;
  const images = [content?.mainUrlImage, content?.secondUrlImage, content?.thirdUrlImage].filter((url): url is string => Boolean(url));
  const descFidel = viewer.descFidel || 0;
  const hasOffer = detail.descuento > 0;
  // what the cart charges for one unit of each size (the shared rule); the headline is the cheapest size's
  const own = sizePrices(detail.relacionados, descFidel);
  const listVaries = new Set(detail.relacionados.map((v) => v.preciolista).filter((p) => p > 0)).size > 1;
  const canAdd = !viewer.blocked && !viewer.isAdmin && viewer.mayBuy;

  const changeQuantity = (variant: RelatedVariant, raw: string) => {
    const { value, problem } = clampQuantity(raw, variant.stock);
    dispatch(productQuantityChanged({ sku: variant.sku, value }));
    if (problem) notify(problem, 'error');
  };

  const addToCart = () => {
    if (!viewer.loggedIn) {
      setLoginDialog(true);
      return;
    }
    const items = chosenItems(quantities);
    if (!items.length) {
      notify(PRODUCT_TEXT.nothingSelected, 'error');
      return;
    }
    dispatch(cartItemsAddRequested({ items }));
  };

  // the colour × size grid (docs/size-grid.md): its own quantities, one bulk request for all of them
  const addGrid = () => {
    if (!viewer.loggedIn) {
      setLoginDialog(true);
      return;
    }
    const items = chosenItems(grid);
    if (!items.length) {
      notify(PRODUCT_TEXT.nothingSelected, 'error');
      return;
    }
    dispatch(gridAddRequested({ items }));
  };
  // 'Pedir por llegar' (docs/incoming.md): a size without stock, its units on their way; the cart saga adds them once
  const openPreorder = (target: PreorderTarget) => {
    if (!viewer.loggedIn) {
      setLoginDialog(true);
      return;
    }
    dispatch(preorderOpened(target));
  };
  const addPreorder = (quantity: number) => {
    if (preorder) dispatch(preorderAddRequested({ items: [{ sku: preorder.sku, quantity }], origin: 'product' }));
  };
  const changeGridQuantity = (cellSku: string, raw: string, stock: number) => {
    const { value, problem } = clampQuantity(raw, stock);
    dispatch(gridQuantityChanged({ sku: cellSku, value }));
    if (problem) notify(problem, 'error');
  };

  return (
    <Box component="article" aria-labelledby="producto-title">
      <Box sx={{ display: 'grid', gap: { xs: 2, md: 4 }, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' }, mb: 3 }}>
        <ProductGallery name={name} images={images} />
        <Stack spacing={1.5}>
          <Typography id="producto-title" variant="h1" component="h1">
            {name}
          </Typography>
          <Typography color="text.secondary">{`SKU: ${sku}`}</Typography>
          {lines(detail.descr).map((line, i) => (
            <Typography key={`${i}-${line}`}>{line}</Typography>
          ))}
          <Divider />
          {/* the distributor price is what the buyer pays for a unit: the cart's own rule (offer, then loyalty) */}
          <Box>
            <PriceLine
              id="precio-a-pagar"
              label={PRODUCT_TEXT.priceYouPay}
              value={own.from}
              from={own.varies}
              strong
              badge={descFidel > 0 && <Chip size="small" color="primary" label={`-${descFidel}%`} aria-label={`Descuento fidelización ${descFidel}%`} />}
            />
            <Typography variant="body2" color="text.secondary">
              {fill(PRODUCT_TEXT.priceYouPayNote, { parts: priceParts(hasOffer ? detail.descuento : 0, descFidel) })}
              {own.varies && ` ${PRODUCT_TEXT.pricePerSize}`}
            </Typography>
          </Box>
          {hasOffer && (
            <PriceLine
              label={PRODUCT_TEXT.offerPrice}
              value={detail.precioOferta}
              from={listVaries}
              badge={<Chip size="small" color="secondary" label={`-${detail.descuento}%`} aria-label={`Oferta ${detail.descuento}%`} />}
            />
          )}
          <PriceLine label={PRODUCT_TEXT.listPrice} value={detail.precio} from={listVaries} />
          <VatNote />
          {detail.tecnologias.length > 0 && (
            <Box component="ul" aria-label="Tecnologías" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
              {detail.tecnologias.map(({ idtecnologia }) => (
                <li key={idtecnologia}>
                  <Box component="img" src={technologyIcon(idtecnologia)} alt={`Tecnología ${idtecnologia}`} width={48} height={48} loading="lazy" sx={{ display: 'block' }} />
                </li>
              ))}
            </Box>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {saveToList?.(detail.estilo ?? sku, name)}
            {content?.urlTechnicalSheet && (
              <Button component="a" href={content.urlTechnicalSheet} download target="_blank" rel="noopener" variant="outlined" startIcon={<DescriptionIcon />}>
                {PRODUCT_TEXT.technicalSheet}
              </Button>
            )}
            {content?.urlSizeGuideImage && (
              <Button variant="outlined" startIcon={<StraightenIcon />} onClick={() => setSizeGuide(true)}>
                {PRODUCT_TEXT.sizeGuide}
              </Button>
            )}
          </Box>
        </Stack>
      </Box>

      {canAdd && (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_e, next: typeof view | null) => next && dispatch(productViewChanged(next))}
          aria-label={GRID_TEXT.views}
          sx={{ mb: 1.5 }}
        >
          <ToggleButton value="sizes" sx={{ minHeight: 44 }}>
            {GRID_TEXT.viewSizes}
          </ToggleButton>
          <ToggleButton value="grid" sx={{ minHeight: 44 }}>
            {GRID_TEXT.viewGrid}
          </ToggleButton>
        </ToggleButtonGroup>
      )}
      {canAdd && view === 'grid' ? (
        <SizeGrid
          detail={detail}
          sku={sku}
          descFidel={descFidel}
          quantities={grid}
          problems={gridProblems}
          shortfalls={gridShortfalls}
          ownCurves={curves.own}
          curvesError={curves.error}
          canAdd={canAdd}
          adding={gridAdding}
          saving={curveSaving}
          onQuantityChange={changeGridQuantity}
          onFill={(filled) => dispatch(gridFilled(filled))}
          onClear={() => dispatch(gridCleared())}
          onAdd={addGrid}
          onSaveCurve={(curve) => dispatch(curveSaveRequested(curve))}
          onDeleteCurve={(id) => dispatch(curveDeleteRequested(id))}
          onNotify={notify}
          onPreorder={(colour, v) => openPreorder({ sku: v.sku, name: colour, size: v.talla, porLlegar: v.porLlegar ?? [] })}
          stockAlert={stockAlert}
          saveToList={saveToList && ((style, colour) => saveToList(style, `${name} ${colour}`.trim(), 'icon'))}
        />
      ) : (
        <>
      <VariantsTable
        variants={detail.relacionados}
        descFidel={descFidel}
        quantities={quantities}
        onQuantityChange={changeQuantity}
        name={name}
        onPreorder={canAdd ? (v) => openPreorder({ sku: v.sku, name, size: v.talla, porLlegar: v.porLlegar ?? [] }) : undefined}
        stockAlert={canAdd ? stockAlert : undefined}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button
          variant="contained"
          size="large"
          startIcon={adding ? <CircularProgress size={18} color="inherit" aria-label={PRODUCT_TEXT.adding} /> : <AddShoppingCartIcon />}
          // held while adding: it keeps the focus (a disabled button drops it onto <body>) and ignores clicks
          disabled={!canAdd}
          {...heldButton(adding, addToCart)}
          sx={{ ...PRIMARY_ACTION_SX, width: { xs: '100%', sm: 'auto' } }}
        >
          {PRODUCT_TEXT.addToCart}
        </Button>
      </Box>
        </>
      )}

      <Paper component="section" aria-labelledby="especificaciones-title" variant="outlined" sx={{ mt: 3, p: { xs: 2, sm: 3 } }}>
        <Typography id="especificaciones-title" variant="h2" component="h2" gutterBottom>
          {PRODUCT_TEXT.specifications}
        </Typography>
        {lines(detail.especificacion).map((line, i) => (
          <Typography key={`${i}-${line}`}>{line}</Typography>
        ))}
      </Paper>

      {preorder && <PreorderDialog key={preorder.sku} target={preorder} adding={preorderAdding} onAdd={addPreorder} onClose={() => dispatch(preorderClosed())} />}

      <Dialog open={sizeGuide} onClose={() => setSizeGuide(false)} aria-labelledby="guia-title" maxWidth="md">
        <DialogTitle id="guia-title">{PRODUCT_TEXT.sizeGuide}</DialogTitle>
        <DialogContent>
          <Box component="img" src={content?.urlSizeGuideImage} alt={`${PRODUCT_TEXT.sizeGuide} de ${name}`} sx={{ maxWidth: '100%', display: 'block' }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setSizeGuide(false)}>Cerrar</Button>
        </DialogActions>
      </Dialog>

      <Dialog open={loginDialog} onClose={() => setLoginDialog(false)} aria-labelledby="login-requerido-title">
        <DialogTitle id="login-requerido-title">{PRODUCT_TEXT.loginRequiredTitle}</DialogTitle>
        <DialogActions>
          <Button onClick={() => setLoginDialog(false)}>Cancelar</Button>
          <Button variant="contained" autoFocus onClick={() => navigate('/login')} sx={PRIMARY_ACTION_SX}>
            {PRODUCT_TEXT.loginRequiredButton}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
