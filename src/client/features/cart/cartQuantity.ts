// Quantity rules of a cart line (R-CART-3): never below 1 and never above the stock.

/** The highest quantity a line may hold: its stock, but at least 1 (a line that exists holds one). */
export const maxQuantity = (stock: number) => Math.max(1, Math.trunc(Number(stock) || 0));

/** Whether a typed quantity is above what the line may hold (it is clamped, and the buyer told why). */
export const aboveStock = (raw: string, stock: number) => Math.trunc(Number(raw)) > maxQuantity(stock);

/** A typed quantity within 1..stock; null while the input holds no number. */
export function clampCartQuantity(raw: string, stock: number): number | null {
  if (raw.trim() === '') return null;
  const n = Math.trunc(Number(raw));
  if (!Number.isFinite(n)) return null;
  return Math.min(Math.max(n, 1), maxQuantity(stock));
}
