import type { LinePrice } from '../pricing';

// The buyer's saved lists (listas guardadas, docs/saved-lists.md). Prices are the server's, computed as the cart
// computes them; a list stores styles and quantities only.

/** A list as the lists' page shows it. */
export interface SavedList {
  id: number;
  name: string;
  /** The company's other people (and a rep acting for it) see it and may turn it into a cart. */
  shared: boolean;
  /** 'Camila Rojas Pizarro (18.901.234-9)': who keeps it. */
  owner: string;
  /** The caller keeps it: only then may they change it. */
  mine: boolean;
  /** How many styles it holds. */
  styles: number;
  /** ISO date of the last change. */
  updatedAt: string;
}

/** GET /user/saved-lists: the caller's own lists and the company's shared ones, by name. */
export interface SavedListList {
  lists: SavedList[];
}

/** One size of a style in a list: its stock now, the buyer's unit price and how many the list asks for. */
export interface SavedListSize extends LinePrice {
  sku: string;
  size: string;
  /** Available now (the quantity's maximum when added to the cart). */
  stock: number;
  /** Units the list asks for (0: none). */
  quantity: number;
  /** The size is no longer sold (hidden, inactive): priced 0, left out of 'Agregar al carro'. */
  unavailable?: boolean;
}

/** A style in a list, priced for the acting company now. */
export interface SavedListItem {
  style: string;
  /** 'Polera Básica Algodón Blanco' (the style code when the ERP no longer has it). */
  name: string;
  urlImageMain: string;
  /** Offer % of the style (0 without one). */
  percentageOffer: number;
  /** The style is no longer sold (hidden by an admin or gone from the ERP): 'Ya no está disponible'. */
  unavailable?: boolean;
  sizes: SavedListSize[];
}

/** GET /user/saved-lists/{id}: the list and its styles, in the order they were saved. */
export interface SavedListDetail extends SavedList {
  items: SavedListItem[];
  /** The buyer's loyalty % the prices carry. */
  percentageLoyalty: number;
}

/** POST /user/saved-lists/{id}/styles: the list after the style was saved (already there is no error). */
export interface SavedListStyleAdded {
  list: SavedList;
  /** False when the list held the style already. */
  added: boolean;
  message: string;
}
