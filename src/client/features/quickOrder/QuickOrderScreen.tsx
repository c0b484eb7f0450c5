import DeleteIcon from '@mui/icons-material/Delete';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { QuickOrderLine, QuickOrderLineStatus } from '@shared/api/ordering';
import { INCOMING_TEXTS } from '@shared/incoming';
import { fill } from '@shared/messages';
import { formatCLP, formatInteger } from '@shared/money';
import { describeFileReading, QUICK_ORDER_CELL_MAX } from '@shared/quickOrder';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { preorderAddRequested } from '@client/app/events';
import { preorderable } from '@client/components/incoming';
import { focusIsLost, focusMainHeading, tabStops } from '@client/app/focusTargets';
import { FileButton } from '@client/components/FileButton';
import { heldButton } from '@client/components/heldButton';
import { useFocusAfterRemoval } from '@client/components/removalFocus';
import { TEMPLATE_URLS } from './api';
import {
  addableLines,
  quickOrderAddRequested,
  quickOrderCleared,
  quickOrderFileChosen,
  quickOrderLineEdited,
  quickOrderLineRemoved,
  quickOrderRevalidateRequested,
  quickOrderTextSubmitted,
  selectQuickOrder,
  type EditableLine,
} from './quickOrderSlice';
import { QUICK_ORDER_TEXT as T } from './quickOrderTexts';
import './quickOrderFeature'; // the feature's slice and saga, in the store before this screen renders

/** Lines drawn at once: a 2 000-line file is shown a page at a time ('Mostrar más'). */
export const LINES_PER_PAGE = 100;

const STATUS_COLOR: Record<QuickOrderLineStatus, 'success' | 'warning' | 'error'> = {
  ok: 'success',
  short: 'warning',
  noStock: 'error',
  unknown: 'error',
  unavailable: 'error',
  invalid: 'error',
};

const isProblem = (line: QuickOrderLine | undefined) => !line || line.status !== 'ok' || line.rows.length > 1;

interface LineProps {
  line: EditableLine;
  checked: QuickOrderLine | undefined;
  disabled: boolean;
  onEdit: (key: number, field: 'sku' | 'size' | 'quantity', value: string) => void;
  onRemove: (key: number) => void;
  /** Units of this line the cart took as pre-order (docs/incoming.md); undefined while none. */
  preordered: number | undefined;
  /** A pre-order of some line is on its way: the '¿Pedir por llegar?' buttons wait. */
  preordering: boolean;
  onPreorder: (sku: string, quantity: number) => void;
}

/** One line: what the server said of it, its price for the buyer, and its sku and quantity to fix, or drop it. */
const LineItem = memo(function LineItem({ line, checked, disabled, onEdit, onRemove, preordered, preordering, onPreorder }: LineProps) {
  const rows = checked ? checked.rows : [line.row];
  const id = `qo-line-${line.key}`;
  const message = checked?.message || line.error || '';
  const status = checked?.status;
  return (
    <Paper component="li" variant="outlined" aria-labelledby={`${id}-title`} sx={{ p: 1.5, listStyle: 'none' }}>
      <Stack useFlexGap direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography id={`${id}-title`} component="h3" variant="subtitle2" sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}>
          {T.colRows} {rows.join(', ')}: {checked?.name || checked?.sku || line.sku}
          {checked?.size ? ` · ${T.colSize} ${checked.size}` : ''}
        </Typography>
        {status && <Chip size="small" color={STATUS_COLOR[status]} label={T.status[status]} />}
      </Stack>
      {message && (
        <Typography variant="body2" color={status === 'ok' ? 'text.secondary' : status === 'short' ? 'warning.dark' : 'error'} sx={{ mt: 0.5 }} id={`${id}-msg`}>
          {message}
        </Typography>
      )}
      {/* a size without stock whose units are on their way (the server's message says when): it may go as a pre-order */}
      {checked && status === 'noStock' && preorderable(checked.porLlegar) > 0 && (
        <Box sx={{ mt: 1 }}>
          {preordered ? (
            <Chip size="small" color="info" label={`${INCOMING_TEXTS.preordered}: ${formatInteger(preordered)}`} />
          ) : (
            <Button
              size="small"
              variant="outlined"
              aria-describedby={message ? `${id}-msg` : undefined}
              {...heldButton(preordering || disabled, () => onPreorder(checked.sku, Math.min(checked.quantity ?? 1, preorderable(checked.porLlegar))))}
              sx={{ minHeight: 40 }}
            >
              {INCOMING_TEXTS.askPreorder}
            </Button>
          )}
        </Box>
      )}
      <Stack useFlexGap direction="row" spacing={1.5} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <TextField
          size="small"
          label={T.colSku}
          value={line.sku}
          disabled={disabled}
          onChange={(e) => onEdit(line.key, 'sku', e.target.value)}
          sx={{ width: { xs: '100%', sm: '12rem' } }}
          slotProps={{ htmlInput: { maxLength: QUICK_ORDER_CELL_MAX.sku, 'aria-label': fill(T.skuOf, { row: line.row }), 'aria-describedby': message ? `${id}-msg` : undefined } }}
        />
        {line.size !== '' && (
          <TextField
            size="small"
            label={T.colSize}
            value={line.size}
            disabled={disabled}
            onChange={(e) => onEdit(line.key, 'size', e.target.value)}
            sx={{ width: '6rem' }}
            slotProps={{ htmlInput: { maxLength: QUICK_ORDER_CELL_MAX.size, 'aria-label': fill(T.sizeOf, { row: line.row }) } }}
          />
        )}
        <TextField
          size="small"
          label={T.colQuantity}
          value={line.quantity}
          disabled={disabled}
          onChange={(e) => onEdit(line.key, 'quantity', e.target.value)}
          sx={{ width: '7rem' }}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: QUICK_ORDER_CELL_MAX.quantity, 'aria-label': fill(T.quantityOf, { row: line.row }) } }}
        />
        <IconButton aria-label={fill(T.remove, { row: line.row })} onClick={() => onRemove(line.key)} disabled={disabled} sx={{ width: 44, height: 44 }}>
          <DeleteIcon />
        </IconButton>
      </Stack>
      {checked && checked.prices && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {T.colStock}: {formatInteger(checked.stock)} · {T.colUnit}: {formatCLP(checked.prices.priceFinalUnit)} · {T.colTotal} ({formatInteger(checked.addable)}):{' '}
          <strong>{formatCLP(checked.prices.priceFinal)}</strong>
        </Typography>
      )}
    </Paper>
  );
});

/** /user/quick-order (docs/ordering.md): pasted lines or a CSV/XLSX file, checked by the server, then to the cart at once. */
export default function QuickOrderScreen() {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectQuickOrder);
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [shown, setShown] = useState(LINES_PER_PAGE);

  const busy = state.status === 'validating' || state.status === 'adding';
  const validation = state.validation;
  const byRow = useMemo(() => new Map((validation?.lines ?? []).map((l) => [l.rows[0]!, l])), [validation]);
  const visible = useMemo(() => (onlyProblems ? state.lines.filter((l) => isProblem(byRow.get(l.key))) : state.lines), [onlyProblems, state.lines, byRow]);
  const addable = addableLines(validation);
  const canAdd = !busy && !state.edited && addable.length > 0 && !validation?.blocked;

  const onEdit = useMemo(() => (key: number, field: 'sku' | 'size' | 'quantity', value: string) => dispatch(quickOrderLineEdited({ key, field, value })), [dispatch]);
  const onRemove = useMemo(() => (key: number) => dispatch(quickOrderLineRemoved(key)), [dispatch]);
  const onPreorder = useMemo(() => (sku: string, quantity: number) => dispatch(preorderAddRequested({ items: [{ sku, quantity }], origin: 'quickOrder' })), [dispatch]);

  // Where the focus goes (docs/accessibility.md): the buttons that wait are held, not disabled, so they keep it; what
  // goes away hands it on.
  const textRef = useRef<HTMLTextAreaElement>(null);
  const linesRef = useRef<HTMLUListElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const goToCartRef = useRef<HTMLAnchorElement>(null);
  // the lines went to the cart and their list with 'Agregar al carro': on to the answer's 'Ver carro'
  useEffect(() => {
    if (state.added && focusIsLost()) goToCartRef.current?.focus();
  }, [state.added]);
  // a dropped line: the next line's 'Quitar', else the one before
  useFocusAfterRemoval(linesRef, { control: 'button[aria-label^="Quitar"]' });
  // 'Validar de nuevo' done (it goes): the button now in its place ('Agregar al carro'), else the next that can act
  useFocusAfterRemoval(actionsRef, {
    fallback: () => {
      const next = actionsRef.current ? tabStops(actionsRef.current)[0] : undefined;
      if (next) next.focus();
      else focusMainHeading();
    },
  });

  const submitText = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return; // held while the last lines are checked
    if (text.trim() === '') {
      setTextError(T.noLines);
      textRef.current?.focus(); // a refused submit shows its error: the field, read with it
      return;
    }
    setTextError(null);
    setShown(LINES_PER_PAGE);
    dispatch(quickOrderTextSubmitted(text));
  };

  return (
    <Box component="section" aria-labelledby="quick-order-title" sx={{ maxWidth: 960 }}>
      <Typography id="quick-order-title" variant="h1" component="h1" sx={{ mb: 1 }}>
        {T.title}
      </Typography>
      <Typography id="quick-order-intro" sx={{ mb: 2 }}>
        {T.intro}
      </Typography>

      <Box component="form" noValidate onSubmit={submitText} aria-label={T.pasteForm}>
        <TextField
          label={T.pasteLabel}
          placeholder={T.pastePlaceholder}
          multiline
          minRows={4}
          maxRows={12}
          fullWidth
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={textError !== null}
          helperText={textError ?? T.pasteHelp}
          inputRef={textRef}
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
        <Stack useFlexGap direction="row" spacing={1.5} sx={{ mt: 1.5, alignItems: 'center', flexWrap: 'wrap', rowGap: 1.5 }}>
          <Button type="submit" variant="contained" {...heldButton(busy, () => undefined)}>
            {T.validate}
          </Button>
          <FileButton
            name="file"
            accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            inputLabel={T.fileInput}
            startIcon={<UploadFileIcon />}
            held={busy}
            onChoose={(file) => {
              if (!file) return;
              setShown(LINES_PER_PAGE);
              dispatch(quickOrderFileChosen(file));
            }}
          >
            {T.uploadFile}
          </FileButton>
        </Stack>
      </Box>
      <Typography variant="body2" sx={{ mt: 1.5 }}>
        {T.templates}{' '}
        <Link href={TEMPLATE_URLS.csv} download>
          {T.templateCsv}
        </Link>
        {' · '}
        <Link href={TEMPLATE_URLS.xlsx} download>
          {T.templateXlsx}
        </Link>
      </Typography>

      <Box aria-live="polite" sx={{ mt: 2 }}>
        {busy && (
          <Box>
            <LinearProgress aria-label={state.status === 'adding' ? T.adding : T.validating} />
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {state.status === 'adding' ? T.adding : T.validating}
            </Typography>
          </Box>
        )}
        {state.error && !busy && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {state.error}
          </Alert>
        )}
        {state.added && (
          <Alert
            severity={state.added.rejected + state.added.clamped > 0 ? 'warning' : 'success'}
            sx={{ mt: 1 }}
            action={
              <Button ref={goToCartRef} component={RouterLink} to="/user/cart-detail" color="inherit" size="small">
                {T.goToCart}
              </Button>
            }
          >
            {state.added.message}
          </Alert>
        )}
        {validation && !busy && state.reading && (
          <Typography id="quick-order-reading" variant="body2" color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
            {fill(T.fileRead, { file: state.reading.file, how: describeFileReading(state.reading) })}
          </Typography>
        )}
        {validation && !busy && (
          <Alert severity={validation.summary.errors > 0 ? 'warning' : 'info'} sx={{ mt: 1 }}>
            {validation.message}
            {validation.summary.merged > 0 && ` ${fill(T.mergedCount, { n: validation.summary.merged })}`}
          </Alert>
        )}
      </Box>

      {validation?.stockAsOf && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {fill(T.staleStock, { time: new Date(validation.stockAsOf).toLocaleTimeString('es-CL', { hour: '2-digit', minute: '2-digit' }) })}
        </Typography>
      )}

      {state.lines.length > 0 && (
        <Box component="section" aria-labelledby="quick-order-lines" sx={{ mt: 2 }}>
          <Stack useFlexGap direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography id="quick-order-lines" variant="h2" component="h2" sx={{ fontSize: '1.25rem' }}>
              {T.linesTable} ({formatInteger(state.lines.length)})
            </Typography>
            <FormControlLabel control={<Switch checked={onlyProblems} onChange={(e) => setOnlyProblems(e.target.checked)} />} label={T.onlyProblems} />
          </Stack>
          <Stack ref={linesRef} component="ul" aria-labelledby="quick-order-lines" spacing={1} sx={{ p: 0, m: 0, mt: 1 }}>
            {visible.slice(0, shown).map((line) => (
              <LineItem
                key={line.key}
                line={line}
                checked={byRow.get(line.key)}
                disabled={busy}
                onEdit={onEdit}
                onRemove={onRemove}
                preordered={state.preordered.quickOrder[byRow.get(line.key)?.sku ?? '']}
                preordering={state.preordering === 'quickOrder'}
                onPreorder={onPreorder}
              />
            ))}
          </Stack>
          {visible.length > shown && (
            <Button sx={{ mt: 1 }} onClick={() => setShown((n) => n + LINES_PER_PAGE)}>
              {fill(T.showMore, { shown: Math.min(shown, visible.length), total: visible.length })}
            </Button>
          )}
          {state.edited && (
            <Alert severity="info" sx={{ mt: 2 }}>
              {T.edited}
            </Alert>
          )}
          {validation && validation.lines.length > 0 && !state.edited && (
            <Typography sx={{ mt: 2 }}>
              {fill(T.totals, { lines: addable.length, units: formatInteger(validation.summary.units), total: formatCLP(validation.totals.total) })}
            </Typography>
          )}
          <Stack ref={actionsRef} useFlexGap direction="row" spacing={1.5} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1.5 }}>
            {state.edited && (
              <Button variant="contained" {...heldButton(busy, () => dispatch(quickOrderRevalidateRequested()))}>
                {T.revalidate}
              </Button>
            )}
            <Button
              variant="contained"
              color="primary"
              // held while adding (it keeps the focus); disabled when there is nothing to add
              disabled={!canAdd && state.status !== 'adding'}
              {...heldButton(state.status === 'adding', () => dispatch(quickOrderAddRequested()))}
            >
              {addable.length === 1 ? T.addOne : fill(T.addAll, { n: addable.length })}
            </Button>
            <Button
              onClick={() => {
                setText('');
                dispatch(quickOrderCleared());
              }}
              disabled={busy}
            >
              {T.clear}
            </Button>
          </Stack>
        </Box>
      )}
    </Box>
  );
}
