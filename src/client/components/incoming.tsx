import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ChipProps } from '@mui/material/Chip';
import { arrivalDay, incomingTotal, INCOMING_TEXTS, type IncomingStock } from '@shared/incoming';
import { fill } from '@shared/messages';
import { formatInteger } from '@shared/money';
import { chileTodayIso } from '@shared/workingDays';

// How every screen speaks of stock por llegar (docs/incoming.md): the words are INCOMING_TEXTS, the dates '15-ene'
// (arrivalDay, with the year when the date is far or past). Product detail, grid, lists, quick order, reorder, cart,
// order summary and Mis pedidos use these, so a date reads the same everywhere.

/** '15-ene' for a 'YYYY-MM-DD', against today in Chile. */
export const arrivalText = (iso: string) => arrivalDay(iso, chileTodayIso());

/** The product detail's size row: 'Llegan 120 el 15-ene', one per date. */
export const incomingDetailLines = (incoming: readonly IncomingStock[] | undefined) =>
  (incoming ?? []).map((i) => fill(INCOMING_TEXTS.detail, { quantity: formatInteger(i.cantidad), date: arrivalText(i.fecha) }));

/** A grid cell's second line: the first arrival, 'llegan 120 · 15-ene'; null when nothing arrives. */
export function incomingCellText(incoming: readonly IncomingStock[] | undefined): string | null {
  const first = incoming?.find((i) => i.cantidad > 0);
  return first ? fill(INCOMING_TEXTS.cell, { quantity: formatInteger(first.cantidad), date: arrivalText(first.fecha) }) : null;
}

/** 'Llega el 15-ene': a pre-order line (cart, order summary, Mis pedidos). */
export const lineDateText = (iso: string) => fill(INCOMING_TEXTS.lineDate, { date: arrivalText(iso) });

/** 'Llega el 15-ene': a season style's first arrival ('Próxima temporada'). */
/** A season style's arrival: 'Llega el 15-ene', or its window 'Llega entre el 15-ene y el 3-feb' when its sizes arrive apart. */
export const seasonDateText = (iso: string, until?: string) =>
  until && until > iso ? fill(INCOMING_TEXTS.window, { from: arrivalText(iso), to: arrivalText(until) }) : fill(INCOMING_TEXTS.windowOne, { date: arrivalText(iso) });

/** Units that may still be pre-ordered of a size: every unit arriving that is free to promise. */
export const preorderable = (incoming: readonly IncomingStock[] | undefined) => incomingTotal(incoming ?? []);

/** A size with nothing on hand and something arriving: the one that offers 'Pedir por llegar'. */
export const offersPreorder = (size: { stock: number; porLlegar?: readonly IncomingStock[] }) => size.stock <= 0 && preorderable(size.porLlegar) > 0;

// the catalogue's 'Por llegar' filter and 'Próxima temporada' selection live in @shared/incoming (the line sheet uses them too)
export { hasIncoming, onlyIncoming } from '@shared/incoming';

/** The list's chip on a style with incoming stock: 'Por llegar · 15-ene' (just 'Por llegar' without a date). */
export function IncomingChip({ llegada, size = 'small', sx }: { llegada?: string; size?: ChipProps['size']; sx?: ChipProps['sx'] }) {
  return (
    <Chip
      size={size}
      color="info"
      variant="outlined"
      label={llegada ? fill(INCOMING_TEXTS.chipDate, { date: arrivalText(llegada) }) : INCOMING_TEXTS.chip}
      sx={sx}
    />
  );
}

/**
 * A pre-order line's date (cart, drawer, order summary): 'Llega el 15-ene'; 'Por llegar' alone when the incoming goods
 * no longer cover its quantity (no date).
 */
export function IncomingLineDate({ llegada }: { llegada?: string | null }) {
  return (
    <Typography variant="body2" color="info.dark" sx={{ fontWeight: 600 }}>
      {llegada ? lineDateText(llegada) : INCOMING_TEXTS.sectionIncoming}
    </Typography>
  );
}
