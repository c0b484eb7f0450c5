import * as yup from '../yup';
import { CURVE_MAX_RATIO, CURVE_MAX_SIZES, CURVE_NAME_MAX, CURVES_PER_BUYER, MAX_PACKS, sizeKey } from '../curves';

// The buyer's own size curves (GET/POST/PUT/DELETE /api/user/curves, docs/size-grid.md): the curve form and the request
// bodies, checked the same way in the browser and on the server.

export const CURVE_MSG = {
  nameRequired: 'El nombre de la curva es requerido',
  nameTooLong: `El nombre de la curva admite hasta ${CURVE_NAME_MAX} caracteres`,
  sizesRequired: 'La curva debe tener al menos una talla',
  tooManySizes: `La curva admite hasta ${CURVE_MAX_SIZES} tallas`,
  talla: 'Talla inválida',
  tallaRepeated: 'La talla {talla} está repetida en la curva',
  ratio: `La proporción de cada talla debe ser un número entero entre 1 y ${CURVE_MAX_RATIO}`,
  id: 'Identificador de curva inválido',
  packs: `Las curvas por color deben ser un número entero entre 0 y ${MAX_PACKS}`,
  // server answers
  notFound: 'Curva no encontrada',
  nameTaken: 'Ya tienes una curva llamada {name}',
  full: `Puedes guardar hasta ${CURVES_PER_BUYER} curvas: elimina una antes de crear otra`,
  deleted: 'Curva eliminada',
  // screens
  created: 'Curva guardada',
  updated: 'Curva actualizada',
  deletePrompt: '¿Eliminar la curva {name}?',
  deleteText: 'La curva se borra de tus curvas guardadas; los productos del carro no cambian.',
  deleteConfirm: 'Eliminar',
  deleteDecline: 'Cancelar',
} as const;

const talla = yup
  .string()
  .trim()
  .required(CURVE_MSG.talla)
  .max(10, CURVE_MSG.talla)
  .matches(/^[\p{L}\d.,/ -]+$/u, CURVE_MSG.talla);
const ratio = yup.number().typeError(CURVE_MSG.ratio).required(CURVE_MSG.ratio).integer(CURVE_MSG.ratio).min(1, CURVE_MSG.ratio).max(CURVE_MAX_RATIO, CURVE_MSG.ratio);

/** The first size named twice (case and spaces aside), or null. */
function repeatedSize(sizes: ReadonlyArray<{ talla?: string } | null> | undefined): string | null {
  const seen = new Set<string>();
  for (const s of sizes ?? []) {
    // a size that is not an object is the element's own error, not a repetition
    if (typeof s?.talla !== 'string') continue;
    const key = sizeKey(s.talla);
    if (seen.has(key)) return s.talla;
    seen.add(key);
  }
  return null;
}

/** POST /user/curves and PUT /user/curves/{id}: `{name, sizes: [{talla, ratio}]}`; the sizes in the buyer's order. */
export const curveSchema = yup.object({
  name: yup.string().trim().required(CURVE_MSG.nameRequired).max(CURVE_NAME_MAX, CURVE_MSG.nameTooLong),
  sizes: yup
    .array(yup.object({ talla, ratio }).required())
    .required(CURVE_MSG.sizesRequired)
    .min(1, CURVE_MSG.sizesRequired)
    .max(CURVE_MAX_SIZES, CURVE_MSG.tooManySizes)
    .test('unique-sizes', (sizes, ctx) => {
      const repeated = repeatedSize(sizes);
      return repeated === null || ctx.createError({ message: CURVE_MSG.tallaRepeated.replace('{talla}', repeated) });
    }),
});
export type CurveForm = yup.InferType<typeof curveSchema>;

export const curveIdParams = yup.object({
  id: yup.number().typeError(CURVE_MSG.id).required(CURVE_MSG.id).integer(CURVE_MSG.id).positive(CURVE_MSG.id).max(2 ** 31 - 1, CURVE_MSG.id),
});

/** The packs of one colour in the grid's curve panel ('' is none). */
export const packsSchema = yup
  .number()
  .transform((value, original) => (original === '' ? 0 : value))
  .typeError(CURVE_MSG.packs)
  .integer(CURVE_MSG.packs)
  .min(0, CURVE_MSG.packs)
  .max(MAX_PACKS, CURVE_MSG.packs);
