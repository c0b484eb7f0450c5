import * as yup from '../yup';
import { DEFAULT_MARKUP } from '../pricing';
import { cleanRut, isValidRut } from '../rut';
import { oneOfOptional } from './lists';

// The line sheet's query (GET /api/user/linesheet), shared by the SPA's form and the server (docs/linesheet.md).

export const LINESHEET_FORMATS = ['xlsx', 'pdf'] as const;
export type LinesheetFormat = (typeof LINESHEET_FORMATS)[number];

/**
 * Which styles go into the sheet: every style a buyer may see, a category of the catalogue (with its type and variant),
 * a search (the catalogue's), the styles on offer, next season's (nothing on hand, something arriving), or the styles of
 * a saved list the person may read (docs/saved-lists.md).
 */
export const LINESHEET_SCOPES = ['TODO', 'CATEGORIA', 'BUSQUEDA', 'OFERTAS', 'TEMPORADA', 'LISTA'] as const;
export type LinesheetScope = (typeof LINESHEET_SCOPES)[number];

export const LINESHEET_MARKUP = { min: 1, max: 10, fallback: DEFAULT_MARKUP } as const;

/** Most styles one sheet holds: a larger selection is refused (400) with a message to narrow it. */
export const LINESHEET_MAX_STYLES = 2000;

export const LINESHEET_MSG = {
  format: 'Formato inválido: use xlsx o pdf',
  scope: 'Alcance inválido',
  category: 'Elija una categoría',
  query: 'Escriba qué buscar',
  list: 'Elija una lista guardada',
  markup: 'El margen debe ser un número entre 1 y 10 (hasta dos decimales)',
  gender: 'Género inválido',
  tooMany: 'La selección tiene {count} estilos; una lista de precios admite hasta {max}. Elija una categoría o una búsqueda más acotada.',
  empty: 'No hay estilos en esta selección.',
  busy: 'Se están generando otras listas de precios; intente en un momento',
} as const;

/** A markup as typed: '2,5' (Spanish decimal comma) or '2.5', at most two decimals. */
const MARKUP_TEXT = /^\d{1,2}([.,]\d{1,2})?$/;

const text = (max: number) => yup.string().trim().max(max).default('');

export const linesheetQuery = yup.object({
  format: yup.mixed<LinesheetFormat>().oneOf([...LINESHEET_FORMATS], LINESHEET_MSG.format).required(LINESHEET_MSG.format),
  alcance: oneOfOptional(LINESHEET_SCOPES, LINESHEET_MSG.scope).default('TODO'),
  category: text(100).when('alcance', { is: 'CATEGORIA', then: (s) => s.required(LINESHEET_MSG.category) }),
  scategory: text(100),
  sscategory: text(100),
  genero: oneOfOptional(['Masculino', 'Femenino'] as const, LINESHEET_MSG.gender),
  q: text(100).when('alcance', { is: 'BUSQUEDA', then: (s) => s.required(LINESHEET_MSG.query) }),
  lista: yup
    .number()
    .transform((value: number, original: unknown) => (original === '' || original === null ? undefined : value))
    .typeError(LINESHEET_MSG.list)
    .integer(LINESHEET_MSG.list)
    .positive(LINESHEET_MSG.list)
    .max(2_147_483_647, LINESHEET_MSG.list)
    .when('alcance', { is: 'LISTA', then: (s) => s.required(LINESHEET_MSG.list) }),
  markup: yup
    .number()
    .transform((value: number, original: unknown) =>
      typeof original === 'string' ? (MARKUP_TEXT.test(original.trim()) ? Number(original.trim().replace(',', '.')) : Number.NaN) : value,
    )
    .typeError(LINESHEET_MSG.markup)
    .min(LINESHEET_MARKUP.min, LINESHEET_MSG.markup)
    .max(LINESHEET_MARKUP.max, LINESHEET_MSG.markup)
    .test('hundredths', LINESHEET_MSG.markup, (v) => v === undefined || Math.abs(v * 100 - Math.round(v * 100)) < 1e-6)
    .default(LINESHEET_MARKUP.fallback),
});

export type LinesheetQuery = yup.InferType<typeof linesheetQuery>;

/** Sending a line sheet to a customer by mail (an admin, or a rep for a customer in their scope): the texts. */
export const LINESHEET_SEND_MSG = {
  rutRequired: 'Escriba el rut del cliente',
  rutInvalid: 'El rut del cliente es inválido',
  emailInvalid: 'El e-mail no es correcto',
  message: 'El mensaje admite hasta 500 caracteres',
  noList: 'Una lista guardada es del cliente: elija otra selección para enviar',
  noMail: 'El cliente no tiene e-mail en el ERP: escriba a quién enviarla',
  notFound: 'El rut no corresponde a un cliente del ERP',
  outOfScope: 'Ese cliente no está entre los que usted atiende',
  noSalesPerson: 'Su usuario no tiene un empleado de ventas del ERP: pida a un administrador que lo asigne',
  sent: 'Lista de precios enviada a {to}',
} as const;

/**
 * POST /api/admin/linesheet/send and /api/rep/linesheet/send: the customer (rut), where to (empty: the customer's
 * e-mail in the ERP), a short message, and the sheet's choice (as the buyer's, but a saved list is the buyer's own).
 */
export const linesheetSendSchema = linesheetQuery.shape({
  alcance: oneOfOptional(
    LINESHEET_SCOPES.filter((s) => s !== 'LISTA'),
    LINESHEET_SEND_MSG.noList,
  ).default('TODO'),
  rut: yup
    .string()
    .trim()
    .required(LINESHEET_SEND_MSG.rutRequired)
    .test('rut', LINESHEET_SEND_MSG.rutInvalid, (v) => !v || (isValidRut(v) && cleanRut(v).length <= 10)),
  email: yup.string().trim().email(LINESHEET_SEND_MSG.emailInvalid).max(254, LINESHEET_SEND_MSG.emailInvalid).default(''),
  mensaje: yup.string().trim().max(500, LINESHEET_SEND_MSG.message).default(''),
});
export type LinesheetSendRequest = yup.InferType<typeof linesheetSendSchema>;
