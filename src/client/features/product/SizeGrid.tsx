import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { CartBulkLine } from '@shared/api/cart';
import type { SizeCurve, SizeCurveRequest } from '@shared/api/curves';
import type { ProductColour, ProductDetail, RelatedVariant } from '@shared/api/erp';
import { INCOMING_TEXTS } from '@shared/incoming';
import { defaultCurvesFor, fillCurve, formatCurve, packCount, packUnits, sizeKey, type CurveShortfall, type CurveSize, type FillColour } from '@shared/curves';
import { fill } from '@shared/messages';
import { formatCLP, formatInteger } from '@shared/money';
import { sizePrices, type SizePrices } from '@shared/pricing';
import { CURVE_MSG, curveSchema } from '@shared/schemas/curves';
import { PRIMARY_ACTION_SX } from '@client/app/problems';
import { heldButton } from '@client/components/heldButton';
import { incomingCellText, offersPreorder } from '@client/components/incoming';
import type { StockAlertSlot } from '@client/components/stockAlertSlot';
import { GRID_TEXT, PRODUCT_TEXT } from './texts';

// The colour × size grid of the product detail (docs/size-grid.md): colours as rows, sizes as columns, each cell the
// size's stock and a quantity clamped to it with the spec's messages; row and column totals; the price the buyer pays
// for each size (the cart's rule, `sizePrices`): per colour when its sizes cost the same, otherwise 'desde' for the
// colour and each cell its own price; a size curve and packs per colour fill it. Arrows move between cells and typing
// replaces the number (a cell's text is selected when it takes the focus). On a phone one colour at a time, with a
// colour switcher, each size row saying its price when the colour's sizes differ.

/** The rows of the grid: the detail's colours, or the style alone in an answer from before the grid. */
export function gridColours(detail: ProductDetail, sku: string): ProductColour[] {
  if (detail.colores?.length) return detail.colores;
  return [{ sku: detail.estilo ?? sku, color: detail.color ?? '', precio: detail.precio, precioOferta: detail.precioOferta, descuento: detail.descuento, relacionados: detail.relacionados }];
}

/** Every size of every colour, in the order the ERP gives them (each colour's sizes are already in garment order). */
export function gridSizes(colours: readonly ProductColour[]): string[] {
  const seen = new Map<string, string>();
  const order: string[] = [];
  for (const colour of colours) {
    let at = 0;
    for (const v of colour.relacionados) {
      const key = sizeKey(v.talla);
      const found = order.indexOf(key);
      if (found === -1) {
        order.splice(at, 0, key);
        seen.set(key, v.talla);
        at += 1;
      } else at = found + 1;
    }
  }
  return order.map((key) => seen.get(key)!);
}

interface Choice {
  id: string;
  name: string;
  sizes: CurveSize[];
}

export interface SizeGridProps {
  detail: ProductDetail;
  sku: string;
  descFidel: number;
  quantities: Record<string, string>;
  problems: CartBulkLine[];
  /** What the last curve could not fill; the store clears it with the quantities it was about. */
  shortfalls: CurveShortfall[];
  ownCurves: SizeCurve[];
  curvesError: string | null;
  canAdd: boolean;
  adding: boolean;
  saving: boolean;
  onQuantityChange: (sku: string, raw: string, stock: number) => void;
  onFill: (filled: { quantities: Record<string, number>; shortfalls: CurveShortfall[] }) => void;
  onClear: () => void;
  onAdd: () => void;
  onSaveCurve: (curve: SizeCurveRequest) => void;
  onDeleteCurve: (id: number) => void;
  onNotify: (message: string, variant: 'success' | 'warning' | 'error') => void;
  /** 'Pedir por llegar' of a cell without stock and with incoming units (the colour's name and the size). */
  onPreorder?: (colour: string, size: RelatedVariant) => void;
  /** 'Avísame cuando llegue' in a cell at 0 (docs/stock-alerts.md). */
  stockAlert?: StockAlertSlot;
  /** 'Guardar en lista' of a colour (its style code and its name), when the app offers it (docs/saved-lists.md). */
  saveToList?: (style: string, colour: string) => React.ReactNode;
}

const colourLabel = (c: ProductColour) => c.color || c.sku;

export function SizeGrid(props: SizeGridProps) {
  const { detail, sku, descFidel, quantities, problems, shortfalls, ownCurves, curvesError, canAdd, adding, saving, onQuantityChange, onFill, onClear, onAdd, onSaveCurve, onDeleteCurve, onNotify, onPreorder, stockAlert, saveToList } = props;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const colours = useMemo(() => gridColours(detail, sku), [detail, sku]);
  const sizes = useMemo(() => gridSizes(colours), [colours]);
  const suggested = useMemo(() => defaultCurvesFor(sizes), [sizes]);
  // what the cart charges for one unit of each size, per colour (the one shared rule)
  const prices = useMemo(() => new Map(colours.map((c) => [c.sku, sizePrices(c.relacionados, descFidel)])), [colours, descFidel]);
  const pricesOf = (c: ProductColour): SizePrices => prices.get(c.sku)!;
  const anyVaries = colours.some((c) => pricesOf(c).varies);
  const choices: Choice[] = useMemo(() => [...ownCurves.map((c) => ({ id: String(c.id), name: c.name, sizes: c.sizes })), ...suggested], [ownCurves, suggested]);
  const [curveId, setCurveId] = useState('');
  const [packs, setPacks] = useState<Record<string, string>>({});
  const [shown, setShown] = useState(() => Math.max(0, colours.findIndex((c) => c.sku === (detail.estilo ?? sku))));
  const [saveOpen, setSaveOpen] = useState(false);
  const [deleting, setDeleting] = useState<SizeCurve | null>(null);
  /** The name of the curve being saved: once the buyer's curves have it, the dialog closes and the curve is chosen. */
  const [savingName, setSavingName] = useState<string | null>(null);
  const [seenCurves, setSeenCurves] = useState(ownCurves);
  if (seenCurves !== ownCurves) {
    setSeenCurves(ownCurves);
    const saved = savingName === null ? undefined : ownCurves.find((c) => c.name.toLowerCase() === savingName.toLowerCase());
    if (saved) {
      setCurveId(String(saved.id));
      setSaveOpen(false);
      setSavingName(null);
    }
  }
  const inputs = useRef(new Map<string, HTMLInputElement>());

  const cellOf = (colour: ProductColour, talla: string) => colour.relacionados.find((v) => sizeKey(v.talla) === sizeKey(talla));
  const qty = (cellSku: string) => Math.trunc(Number(quantities[cellSku]) || 0);
  const visible = phone ? [colours[Math.min(shown, colours.length - 1)]!] : colours;
  const short = new Set(shortfalls.map((s) => s.sku).filter((s): s is string => s !== null));
  const refused = new Map(problems.map((p) => [p.sku, p]));

  /** Moves the focus to the nearest cell that takes a number from (row, col) in the direction of the arrow. */
  const move = (row: number, col: number, dRow: number, dCol: number) => {
    const rows = visible.length;
    const cols = phone ? 1 : sizes.length;
    // on a phone the sizes are the rows of the one colour shown
    let r = row;
    let c = col;
    for (let step = 0; step < rows * Math.max(cols, sizes.length); step++) {
      r += dRow;
      c += dCol;
      if (r < 0 || c < 0 || r >= (phone ? sizes.length : rows) || c >= cols) return;
      const colour = phone ? visible[0]! : visible[r]!;
      const talla = phone ? sizes[r]! : sizes[c]!;
      const cell = cellOf(colour, talla);
      const input = cell && inputs.current.get(cell.sku);
      // a size without stock is disabled and takes no focus: step over it as over a size the colour lacks
      if (input && !input.disabled) {
        input.focus();
        return;
      }
    }
  };

  const onCellKey = (event: KeyboardEvent<HTMLInputElement>, row: number, col: number) => {
    const arrows: Record<string, [number, number]> = phone
      ? { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }
      : { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const d = arrows[event.key];
    if (!d) return;
    event.preventDefault();
    move(row, col, d[0], d[1]);
  };

  const chosen = choices.find((c) => c.id === curveId);
  const chosenOwn = ownCurves.find((c) => String(c.id) === curveId);
  const applyCurve = () => {
    if (!chosen) return onNotify(GRID_TEXT.noCurve, 'error');
    const rows: FillColour[] = colours.map((c) => ({ key: c.sku, color: colourLabel(c), cells: c.relacionados.map((v) => ({ sku: v.sku, talla: v.talla, stock: v.stock })) }));
    const result = fillCurve(chosen.sizes, packs, rows);
    if (!result.filledColours.length) return onNotify(GRID_TEXT.noPacks, 'error');
    onFill({ quantities: result.quantities, shortfalls: result.shortfalls });
    onNotify(
      result.shortfalls.length ? fill(GRID_TEXT.filledShort, { filled: formatInteger(result.filled), wanted: formatInteger(result.wanted) }) : fill(GRID_TEXT.filledAll, { filled: formatInteger(result.filled) }),
      result.shortfalls.length ? 'warning' : 'success',
    );
  };

  const rowUnits = (c: ProductColour) => c.relacionados.reduce((sum, v) => sum + qty(v.sku), 0);
  const rowAmount = (c: ProductColour) => c.relacionados.reduce((sum, v) => sum + qty(v.sku) * (pricesOf(c).bySku.get(v.sku) ?? 0), 0);
  const colUnits = (talla: string) => colours.reduce((sum, c) => sum + qty(cellOf(c, talla)?.sku ?? ''), 0);
  const totalUnits = colours.reduce((sum, c) => sum + rowUnits(c), 0);
  const totalAmount = colours.reduce((sum, c) => sum + rowAmount(c), 0);

  const packsInput = (c: ProductColour) => (
    <TextField
      size="small"
      value={packs[c.sku] ?? ''}
      onChange={(e) => setPacks((p) => ({ ...p, [c.sku]: e.target.value.replace(/[^\d]/g, '').slice(0, 3) }))}
      onFocus={(e) => e.target.select()}
      slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': fill(GRID_TEXT.packsOf, { color: colourLabel(c) }), style: { width: '3.5em', textAlign: 'right' } } }}
    />
  );

  const quantityCell = (c: ProductColour, talla: string, row: number, col: number) => {
    const v = cellOf(c, talla);
    if (!v) {
      return (
        <Typography component="span" color="text.disabled" aria-label={GRID_TEXT.noSize} title={GRID_TEXT.noSize}>
          —
        </Typography>
      );
    }
    const isShort = short.has(v.sku) || refused.has(v.sku);
    const unit = formatCLP(pricesOf(c).bySku.get(v.sku) ?? 0);
    const label = fill(GRID_TEXT.cell, { color: colourLabel(c), talla: v.talla, stock: formatInteger(v.stock), price: unit });
    return (
      <Stack spacing={0.25} sx={{ alignItems: phone ? 'flex-end' : 'center' }}>
        <TextField
          size="small"
          value={quantities[v.sku] ?? ''}
          error={isShort}
          disabled={v.stock <= 0}
          inputRef={(el: HTMLInputElement | null) => {
            if (el) inputs.current.set(v.sku, el);
            else inputs.current.delete(v.sku);
          }}
          onChange={(e) => onQuantityChange(v.sku, e.target.value, v.stock)}
          onFocus={(e) => e.target.select()}
          onKeyDown={(e) => onCellKey(e as KeyboardEvent<HTMLInputElement>, row, col)}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              'aria-label': label,
              'aria-invalid': isShort || undefined,
              'data-cell': `${c.sku}|${sizeKey(v.talla)}`,
              style: { width: '3.5em', textAlign: 'right' },
            },
          }}
        />
        <Typography variant="caption" color={isShort ? 'warning.dark' : 'text.secondary'} aria-hidden>
          {isShort ? `${GRID_TEXT.short} · ${formatInteger(v.stock)}` : fill(GRID_TEXT.stock, { stock: formatInteger(v.stock) })}
        </Typography>
        {!phone && pricesOf(c).varies && (
          <Typography variant="caption" sx={{ fontWeight: 600 }} aria-hidden data-size-price={v.sku}>
            {fill(GRID_TEXT.sizePrice, { price: unit })}
          </Typography>
        )}
        {/* stock por llegar (docs/incoming.md): the first arrival under the stock; the quantity above stays on hand only */}
        {incomingCellText(v.porLlegar) && (
          <Typography variant="caption" color="info.dark" data-incoming-cell={v.sku}>
            {incomingCellText(v.porLlegar)}
          </Typography>
        )}
        {onPreorder && offersPreorder(v) && (
          <Button
            size="small"
            onClick={() => onPreorder(colourLabel(c), v)}
            aria-label={fill(INCOMING_TEXTS.addOf, { name: colourLabel(c), size: v.talla })}
            sx={{ minHeight: 32, py: 0, px: 0.5, fontSize: '0.75rem', whiteSpace: 'nowrap' }}
          >
            {INCOMING_TEXTS.add}
          </Button>
        )}
        {stockAlert && v.stock <= 0 && stockAlert({ sku: v.sku, name: colourLabel(c), size: v.talla, compact: true })}
      </Stack>
    );
  };

  /** The colour's price: its sizes' when they cost the same, otherwise 'desde' the cheapest (each cell says its own). */
  const priceOf = (c: ProductColour) => {
    const p = pricesOf(c);
    return p.varies ? fill(GRID_TEXT.priceFrom, { price: formatCLP(p.from) }) : formatCLP(p.from);
  };

  return (
    <Paper component="section" aria-labelledby="grilla-title" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography id="grilla-title" variant="h2" component="h2" gutterBottom>
        {GRID_TEXT.title}
      </Typography>

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { md: 'flex-start' } }}>
        <TextField
          select
          size="small"
          label={GRID_TEXT.curve}
          value={curveId}
          onChange={(e) => setCurveId(e.target.value)}
          sx={{ minWidth: 260 }}
          helperText={chosen ? `${formatCurve(chosen.sizes)} · ${fill(GRID_TEXT.curveUnits, { units: packUnits(chosen.sizes) })}` : GRID_TEXT.curveHelp}
        >
          <MenuItem value="" disabled>
            {GRID_TEXT.curveNone}
          </MenuItem>
          {ownCurves.length > 0 && <ListSubheader>{GRID_TEXT.ownCurves}</ListSubheader>}
          {ownCurves.map((c) => (
            <MenuItem key={`own-${c.id}`} value={String(c.id)}>
              {`${c.name} (${formatCurve(c.sizes)})`}
            </MenuItem>
          ))}
          <ListSubheader>{GRID_TEXT.suggestedCurves}</ListSubheader>
          {suggested.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {`${c.name} (${formatCurve(c.sizes)})`}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={applyCurve} sx={PRIMARY_ACTION_SX}>
            {GRID_TEXT.apply}
          </Button>
          <Button variant="text" onClick={() => setSaveOpen(true)} sx={PRIMARY_ACTION_SX}>
            {GRID_TEXT.saveCurve}
          </Button>
          {chosenOwn && (
            <Button variant="text" color="error" onClick={() => setDeleting(chosenOwn)} sx={PRIMARY_ACTION_SX}>
              {GRID_TEXT.deleteCurve}
            </Button>
          )}
          <Button variant="text" color="inherit" onClick={onClear} sx={PRIMARY_ACTION_SX}>
            {GRID_TEXT.clear}
          </Button>
        </Stack>
      </Stack>
      {curvesError && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {curvesError}
        </Alert>
      )}

      {phone && colours.length > 1 && (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={Math.min(shown, colours.length - 1)}
          onChange={(_e, value: number | null) => value !== null && setShown(value)}
          aria-label={GRID_TEXT.colourSwitcher}
          sx={{ flexWrap: 'wrap', mb: 1.5 }}
        >
          {colours.map((c, i) => (
            <ToggleButton key={c.sku} value={i} sx={{ minHeight: 44 }}>
              {`${colourLabel(c)}${rowUnits(c) ? ` (${rowUnits(c)})` : ''}`}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}

      {phone ? (
        <PhoneColour
          colour={visible[0]!}
          sizes={sizes}
          price={priceOf(visible[0]!)}
          units={rowUnits(visible[0]!)}
          amount={rowAmount(visible[0]!)}
          packsInput={packsInput(visible[0]!)}
          cell={(talla, row) => quantityCell(visible[0]!, talla, row, 0)}
          action={saveToList?.(visible[0]!.sku, colourLabel(visible[0]!))}
          hasSize={(talla) => Boolean(cellOf(visible[0]!, talla))}
          sizePrice={(talla) => {
            const v = cellOf(visible[0]!, talla);
            const p = pricesOf(visible[0]!);
            return v && p.varies ? fill(GRID_TEXT.sizePrice, { price: formatCLP(p.bySku.get(v.sku) ?? 0) }) : null;
          }}
        />
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={GRID_TEXT.table} sx={{ '& td, & th': { whiteSpace: 'nowrap', px: 1 } }}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {GRID_TEXT.colour}
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  {GRID_TEXT.priceOf}
                </TableCell>
                <TableCell component="th" scope="col" align="center">
                  {GRID_TEXT.packs}
                </TableCell>
                {sizes.map((talla) => (
                  <TableCell key={talla} component="th" scope="col" align="center">
                    {talla}
                  </TableCell>
                ))}
                <TableCell component="th" scope="col" align="right">
                  {GRID_TEXT.total}
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  {GRID_TEXT.amount}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {colours.map((c, row) => (
                <TableRow key={c.sku} selected={c.sku === (detail.estilo ?? sku)}>
                  <TableCell component="th" scope="row">
                    <Typography component="span" sx={{ fontWeight: 600 }}>
                      {colourLabel(c)}
                    </Typography>
                    <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {c.sku}
                      {saveToList?.(c.sku, colourLabel(c))}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{priceOf(c)}</TableCell>
                  <TableCell align="center">{packsInput(c)}</TableCell>
                  {sizes.map((talla, col) => (
                    <TableCell key={talla} align="center">
                      {quantityCell(c, talla, row, col)}
                    </TableCell>
                  ))}
                  <TableCell align="right" data-row-total={c.sku}>
                    {formatInteger(rowUnits(c))}
                  </TableCell>
                  <TableCell align="right">{formatCLP(rowAmount(c))}</TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TableCell component="th" scope="row" colSpan={3}>
                  {GRID_TEXT.columnTotal}
                </TableCell>
                {sizes.map((talla) => (
                  <TableCell key={talla} align="center" data-col-total={talla}>
                    {formatInteger(colUnits(talla))}
                  </TableCell>
                ))}
                <TableCell align="right" data-grid-total>
                  {formatInteger(totalUnits)}
                </TableCell>
                <TableCell align="right">{formatCLP(totalAmount)}</TableCell>
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      )}

      {anyVaries && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {GRID_TEXT.sizesDiffer}
        </Typography>
      )}

      {shortfalls.length > 0 && (
        <Alert severity="warning" sx={{ mt: 2 }} role="status">
          <AlertTitle>{GRID_TEXT.shortTitle}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {shortfalls.map((s) => (
              <li key={`${s.key}-${s.talla}`}>
                {s.reason === 'missingSize'
                  ? fill(GRID_TEXT.missingLine, { color: s.color, talla: s.talla, wanted: s.wanted })
                  : fill(GRID_TEXT.shortLine, { color: s.color, talla: s.talla, filled: s.filled, wanted: s.wanted, stock: s.stock })}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {problems.length > 0 && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          <AlertTitle>{GRID_TEXT.problemsTitle}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {problems.map((p) => (
              <li key={p.sku}>{`${p.sku}: ${p.message ?? ''}`}</li>
            ))}
          </Box>
        </Alert>
      )}

      <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 2, mt: 2, flexWrap: 'wrap' }}>
        <Typography aria-live="polite">{`${GRID_TEXT.total}: ${formatInteger(totalUnits)} · ${formatCLP(totalAmount)}`}</Typography>
        <Button
          variant="contained"
          size="large"
          startIcon={adding ? <CircularProgress size={18} color="inherit" aria-label={PRODUCT_TEXT.adding} /> : <AddShoppingCartIcon />}
          // held while adding: it keeps the focus (a disabled button drops it onto <body>) and ignores clicks
          disabled={!canAdd}
          {...heldButton(adding, onAdd)}
          sx={{ ...PRIMARY_ACTION_SX, width: { xs: '100%', sm: 'auto' } }}
        >
          {PRODUCT_TEXT.addToCart}
        </Button>
      </Box>

      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby="eliminar-curva-title">
        <DialogTitle id="eliminar-curva-title">{fill(CURVE_MSG.deletePrompt, { name: deleting?.name ?? '' })}</DialogTitle>
        <DialogContent>
          <Typography>{CURVE_MSG.deleteText}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{CURVE_MSG.deleteDecline}</Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => {
              if (deleting) onDeleteCurve(deleting.id);
              setCurveId('');
              setDeleting(null);
            }}
            sx={PRIMARY_ACTION_SX}
          >
            {CURVE_MSG.deleteConfirm}
          </Button>
        </DialogActions>
      </Dialog>

      {saveOpen && (
        <SaveCurveDialog
          sizes={sizes}
          initial={chosen?.sizes ?? []}
          saving={saving}
          onClose={() => setSaveOpen(false)}
          onSave={(curve) => {
            setSavingName(curve.name);
            onSaveCurve(curve);
          }}
        />
      )}
    </Paper>
  );
}

/** One colour on a phone: its sizes as rows (Talla, Stock, Cantidad), its packs and totals above. */
function PhoneColour(props: {
  colour: ProductColour;
  sizes: string[];
  price: string;
  units: number;
  amount: number;
  packsInput: React.ReactNode;
  cell: (talla: string, row: number) => React.ReactNode;
  hasSize: (talla: string) => boolean;
  /** The size's own price when the colour's sizes differ in price (null when they do not). */
  sizePrice: (talla: string) => string | null;
  /** 'Guardar en lista' of the colour, when offered. */
  action?: React.ReactNode;
}) {
  const { colour, sizes, price, units, amount, packsInput, cell, hasSize, sizePrice, action } = props;
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Box>
          <Typography sx={{ fontWeight: 600 }}>
            {colour.color || colour.sku}
            {action}
          </Typography>
          <Typography variant="body2" color="text.secondary">{`${GRID_TEXT.priceOf}: ${price}`}</Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2">{GRID_TEXT.packs}</Typography>
          {packsInput}
        </Stack>
      </Stack>
      <Table size="small" aria-label={`${GRID_TEXT.table}: ${colour.color || colour.sku}`}>
        <TableBody>
          {sizes.filter(hasSize).map((talla) => (
            <TableRow key={talla}>
              <TableCell component="th" scope="row">
                {talla}
                {sizePrice(talla) && (
                  <Typography component="span" variant="caption" sx={{ display: 'block', fontWeight: 600 }}>
                    {sizePrice(talla)}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">{cell(talla, sizes.indexOf(talla))}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell component="th" scope="row">
              {GRID_TEXT.total}
            </TableCell>
            <TableCell align="right">{`${formatInteger(units)} · ${formatCLP(amount)}`}</TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </Box>
  );
}

/** 'Guardar curva': a name and a ratio per size of the product (0 leaves a size out), checked by the shared schema. */
function SaveCurveDialog({ sizes, initial, saving, onClose, onSave }: { sizes: string[]; initial: CurveSize[]; saving: boolean; onClose: () => void; onSave: (curve: SizeCurveRequest) => void }) {
  const [name, setName] = useState('');
  const [ratios, setRatios] = useState<Record<string, string>>(() =>
    Object.fromEntries(sizes.map((talla) => [talla, String(initial.find((s) => sizeKey(s.talla) === sizeKey(talla))?.ratio ?? '')])),
  );
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const body = { name, sizes: sizes.filter((t) => packCount(ratios[t]) > 0).map((talla) => ({ talla, ratio: packCount(ratios[talla]) })) };
    try {
      const valid = await curveSchema.validate(body);
      setError(null);
      onSave(valid);
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="guardar-curva-title">
      <DialogTitle id="guardar-curva-title">{GRID_TEXT.saveCurveTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label={GRID_TEXT.curveName} value={name} onChange={(e) => setName(e.target.value)} autoFocus slotProps={{ htmlInput: { maxLength: 60 } }} />
          <Typography variant="body2" color="text.secondary">
            {GRID_TEXT.ratioHelp}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {sizes.map((talla) => (
              <TextField
                key={talla}
                size="small"
                label={talla}
                value={ratios[talla] ?? ''}
                onChange={(e) => setRatios((r) => ({ ...r, [talla]: e.target.value.replace(/[^\d]/g, '').slice(0, 2) }))}
                slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': fill(GRID_TEXT.ratioOf, { talla }), style: { width: '3em' } } }}
              />
            ))}
          </Box>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{GRID_TEXT.cancel}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={saving} sx={PRIMARY_ACTION_SX}>
          {GRID_TEXT.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
