import * as yup from '../yup';

// Cart requests (R-CART-2): quantities are positive whole numbers; prices are never taken from the client.

export const CART_MSG = {
  sku: 'Sku inválido',
  quantity: 'La cantidad debe ser un número entero mayor que cero',
  id: 'Identificador de producto del carro inválido',
} as const;

const sku = yup.string().trim().required(CART_MSG.sku).max(50, CART_MSG.sku).matches(/^[\w.\-/]+$/, CART_MSG.sku);
const quantity = yup
  .number()
  .typeError(CART_MSG.quantity)
  .required(CART_MSG.quantity)
  .integer(CART_MSG.quantity)
  .min(1, CART_MSG.quantity)
  .max(100_000, CART_MSG.quantity);
const id = yup.number().typeError(CART_MSG.id).required(CART_MSG.id).integer(CART_MSG.id).positive(CART_MSG.id).max(2 ** 31 - 1, CART_MSG.id);

/** POST /user/cart. Unknown fields (price, offer…) are dropped, not trusted. */
/** A pre-order line (docs/incoming.md) instead of a line of the stock on hand; absent: stock. */
const porLlegar = yup.boolean().strict().typeError('El tipo de línea (por llegar) no es válido').optional();

export const cartAddSchema = yup.object({ sku, quantity, porLlegar }).noUnknown(false);
/** PUT /user/cart. */
export const cartUpdateSchema = yup.object({ id, quantity });
/** DELETE /user/cart/{id}. */
export const cartItemParams = yup.object({ id });

// ---------------------------------------------------------------------------------------------------------------
// POST /user/cart/bulk: many sizes in one request (the colour × size grid, quick order, reorder). docs/ordering.md.
// ---------------------------------------------------------------------------------------------------------------

/** The most lines one bulk request may carry (a quick-order file holds at most as many). */
export const CART_BULK_MAX_LINES = 2000;

export const CART_BULK_MSG = {
  items: 'Debe indicar al menos un producto',
  tooMany: 'Se pueden agregar hasta 2.000 líneas por vez',
  unknown: 'El sku {sku} no existe en el catálogo',
  /** The spec's product-detail message when a quantity passes the stock (it is clamped to the stock). */
  clamped: 'Un producto excede es mayor al stock',
  clampedDetail: 'Se agregaron {quantity} de {requested} de {name} talla {size}: stock disponible {stock}',
  alreadyAll: 'El carro ya tiene todo el stock disponible de {name} talla {size} ({stock})',
  summary: '{added} de {total} productos agregados al carro',
  noneAdded: 'No se agregó ningún producto al carro',
} as const;

const bulkLine = yup.object({ sku, quantity, porLlegar });
const bulkLines = yup.array(bulkLine).min(1, CART_BULK_MSG.items).required(CART_BULK_MSG.items);
/** More lines than allowed are refused before each line is checked (a 10 000-line body costs nothing to refuse). */
const tooManyLines = yup.array().max(CART_BULK_MAX_LINES, CART_BULK_MSG.tooMany);

/**
 * POST /user/cart/bulk: `{items: [{sku, quantity}], clampToStock?}`. Repeated skus are added together; unknown fields
 * (prices…) are dropped. `clampToStock` (default true): a quantity above the stock left adds what is left.
 */
export const cartBulkSchema = yup.object({
  // typed as the lines: the other branch never lets a value through
  items: yup.lazy((value: unknown) => (Array.isArray(value) && value.length > CART_BULK_MAX_LINES ? tooManyLines : bulkLines) as typeof bulkLines),
  clampToStock: yup.boolean().default(true),
});
