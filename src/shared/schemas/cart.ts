import * as yup from 'yup';

// Cart requests (spec section 7, Cart): quantities are positive whole numbers; prices are never taken from the client.

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
export const cartAddSchema = yup.object({ sku, quantity }).noUnknown(false);
/** PUT /user/cart. */
export const cartUpdateSchema = yup.object({ id, quantity });
/** DELETE /user/cart/{id}. */
export const cartItemParams = yup.object({ id });
