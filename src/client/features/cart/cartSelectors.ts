import { createSelector } from '@reduxjs/toolkit';
import type { CartItem } from '@shared/api/cart';
import { orderTotals, type OrderTotals } from '@shared/pricing';
import type { CartState } from './cartSlice';

/**
 * The part of the store this feature reads: its own slice and, structurally, the session's user id
 * (a feature does not import another one).
 */
export interface CartRootState {
  cart: CartState;
  session: { id: number | null };
}

export const selectCartUserId = (state: CartRootState) => state.session.id;
export const selectCartItems = (state: CartRootState) => state.cart.items;
export const selectCartLoad = (state: CartRootState) => state.cart.load;
export const selectCartBusy = (state: CartRootState) => state.cart.busy;
export const selectCartDrawerOpen = (state: CartRootState) => state.cart.drawerOpen;
const selectServerTotals = (state: CartRootState) => state.cart.totals;

/** Any line waiting for the server: the summary may be about to change. */
export const selectCartHasBusyLines = (state: CartRootState) => Object.values(state.cart.busy).some(Boolean);

/** A size the ERP no longer sells is still in the cart: it has to be removed before ordering. */
export const selectCartHasUnavailableLines = (state: CartRootState) => state.cart.items.some((item) => Boolean(item.unavailable));

/**
 * The server's totals. Only when it sent none (e.g. the cart was just emptied) are they worked out from the lines,
 * with the same shared rule the server uses.
 */
export const selectCartTotals = createSelector(
  [selectServerTotals, selectCartItems],
  (totals, items): OrderTotals => totals ?? orderTotals(items, items[0]?.percentageLoyalty ?? 0),
);

/** The lines of stock on hand and the pre-order lines (docs/incoming.md), each in the cart's order. */
export function splitLines(items: readonly CartItem[]): { now: CartItem[]; incoming: CartItem[] } {
  return { now: items.filter((item) => !item.porLlegar), incoming: items.filter((item) => Boolean(item.porLlegar)) };
}
