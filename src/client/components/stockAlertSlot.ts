import type { ReactNode } from 'react';

/** The size a 'Avísame cuando llegue' is for (docs/stock-alerts.md): its code, the style's name and colour, the size; `compact` in the grid's cell. */
export interface StockAlertTarget {
  sku: string;
  name: string;
  size: string;
  compact?: boolean;
}

/**
 * What a screen shows under a size at 0 for the buyer to be mailed when it comes back: the stock-alerts feature's
 * button, handed in by the router (a feature never imports another).
 */
export type StockAlertSlot = (target: StockAlertTarget) => ReactNode;
