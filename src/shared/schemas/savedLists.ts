import * as yup from '../yup';

// The buyer's saved lists (listas guardadas, /api/user/saved-lists, docs/saved-lists.md): the list form and every
// request body, checked the same way in the browser and on the server.

/** How many lists a person keeps for a company, and styles a list holds (R-WL-3). */
export const SAVED_LISTS_PER_PERSON = 50;
export const SAVED_LIST_MAX_STYLES = 500;
export const SAVED_LIST_NAME_MAX = 60;
/** The most units of one size a list may ask for. */
export const SAVED_LIST_MAX_QUANTITY = 9999;

export const SAVED_LIST_MSG = {
  nameRequired: 'El nombre de la lista es requerido',
  nameTooLong: `El nombre de la lista admite hasta ${SAVED_LIST_NAME_MAX} caracteres`,
  id: 'Identificador de lista inválido',
  style: 'Código de estilo inválido',
  sku: 'Sku inválido',
  quantity: `La cantidad de cada talla debe ser un número entero entre 0 y ${SAVED_LIST_MAX_QUANTITY}`,
  shared: 'Indique si la lista se comparte',
  nothingToChange: 'Indique el nuevo nombre o si la lista se comparte',
  // server answers
  notFound: 'Lista no encontrada',
  styleNotFound: 'El estilo {style} no está en la lista',
  styleUnknown: 'El estilo {style} no existe o ya no está disponible',
  skuNotOfStyle: 'La talla {sku} no es del estilo {style}',
  nameTaken: 'Ya tienes una lista llamada {name}',
  full: `Puedes guardar hasta ${SAVED_LISTS_PER_PERSON} listas: elimina una antes de crear otra`,
  listFull: `Una lista admite hasta ${SAVED_LIST_MAX_STYLES} estilos: quita alguno o usa otra lista`,
  notOwner: 'Solo quien creó la lista puede modificarla',
  nothingToOrder: 'La lista no tiene cantidades para agregar al carro: indique cuántas unidades quiere de cada talla',
  deleted: 'Lista eliminada',
  styleRemoved: 'Estilo quitado de la lista',
  quantitiesSaved: 'Cantidades guardadas',
  styleSaved: 'Guardado en la lista {name}',
  styleAlready: 'El estilo ya estaba en la lista {name}',
} as const;

const id = yup.number().typeError(SAVED_LIST_MSG.id).required(SAVED_LIST_MSG.id).integer(SAVED_LIST_MSG.id).positive(SAVED_LIST_MSG.id).max(2 ** 31 - 1, SAVED_LIST_MSG.id);
const style = yup.string().trim().required(SAVED_LIST_MSG.style).max(50, SAVED_LIST_MSG.style).matches(/^[\w.\-/]+$/, SAVED_LIST_MSG.style);
const name = yup.string().trim().required(SAVED_LIST_MSG.nameRequired).max(SAVED_LIST_NAME_MAX, SAVED_LIST_MSG.nameTooLong);

/** The list form and POST /user/saved-lists: `{name}`. */
export const savedListSchema = yup.object({ name });
export type SavedListForm = yup.InferType<typeof savedListSchema>;

/** PATCH /user/saved-lists/{id}: a new name, sharing on or off, or both. */
export const savedListChangeSchema = yup
  .object({
    name: yup.string().trim().min(1, SAVED_LIST_MSG.nameRequired).max(SAVED_LIST_NAME_MAX, SAVED_LIST_MSG.nameTooLong),
    shared: yup.boolean().strict().typeError(SAVED_LIST_MSG.shared),
  })
  .test('something', SAVED_LIST_MSG.nothingToChange, (body) => body?.name !== undefined || body?.shared !== undefined);

export const savedListIdParams = yup.object({ id });
export const savedListStyleParams = yup.object({ id, style });

/** POST /user/saved-lists/{id}/styles: `{style}` (the style code of one colour). */
export const savedListAddSchema = yup.object({ style });

const quantity = yup.number().typeError(SAVED_LIST_MSG.quantity).required(SAVED_LIST_MSG.quantity).integer(SAVED_LIST_MSG.quantity).min(0, SAVED_LIST_MSG.quantity).max(SAVED_LIST_MAX_QUANTITY, SAVED_LIST_MSG.quantity);

/** PUT /user/saved-lists/{id}/styles/{style}: the quantity to order of each size given (0 clears it). */
export const savedListQuantitiesSchema = yup.object({
  quantities: yup
    .array(yup.object({ sku: yup.string().trim().required(SAVED_LIST_MSG.sku).max(50, SAVED_LIST_MSG.sku).matches(/^[\w.\-/]+$/, SAVED_LIST_MSG.sku), quantity }).required())
    .required(SAVED_LIST_MSG.quantity)
    .max(100, SAVED_LIST_MSG.quantity),
});

/** POST /user/saved-lists/{id}/to-cart: no fields (the list's own quantities are added). */
export const savedListToCartSchema = yup.object({});
