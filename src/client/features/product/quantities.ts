// Quantity rules of the product detail (R-PROD-3): min 0, max stock; above stock clamps to stock,
// below zero resets to 0, each with its message.
import { PRODUCT_TEXT } from './texts';

export interface ClampedQuantity {
  /** What the input shows: '' while empty. */
  value: string;
  /** The message to show, when the typed value broke a rule. */
  problem: string | null;
}

export function clampQuantity(raw: string, stock: number): ClampedQuantity {
  if (raw.trim() === '') return { value: '', problem: null };
  const n = Math.trunc(Number(raw));
  if (!Number.isFinite(n)) return { value: '', problem: null };
  const max = Math.max(0, Math.trunc(stock));
  if (n > max) return { value: String(max), problem: PRODUCT_TEXT.aboveStock };
  if (n < 0) return { value: '0', problem: PRODUCT_TEXT.belowZero };
  return { value: String(n), problem: null };
}

/** The sizes with a quantity above 0, as the cart event carries them. */
export function chosenItems(quantities: Record<string, string>): { sku: string; quantity: number }[] {
  return Object.entries(quantities)
    .map(([sku, value]) => ({ sku, quantity: Math.trunc(Number(value) || 0) }))
    .filter((item) => item.quantity > 0);
}
