import { PRODUCT_FILE_FIELDS, productUpdateSchema } from '@shared/schemas/adminProducts';
import { BANNER_FILE_FIELDS, bannerSchema } from '@shared/schemas/banners';
import { payChequeSchema } from '@shared/schemas/orders';
import { CLAIM_FILES_FIELD, CLAIM_MAX_FILES } from '@shared/accountClaims';
import { claimSchema } from '@shared/schemas/account';
import { unsubscribeBody } from '@shared/schemas/stockAlerts';
import { FILE_PART, fromYup, multipartForm, type JsonSchema } from '../http/jsonSchema';
import { answer } from '../http/responses';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// What the OpenAPI description cannot read from a route's schemas, by route ('POST /api/admin/products'): the bodies
// read by hand (multipart uploads, the providers' callbacks, the routes that take none) and the answers sent without
// a response schema (204, files, redirects). test/server/openapi.test.ts fails when a POST/PUT has no body or a
// success answer no description, so a new route of that kind is added here.

/** A request body as OpenAPI writes it. */
export interface BodyDoc {
  required: boolean;
  description?: string;
  content: Record<string, { schema: JsonSchema }>;
}

/** An answer as OpenAPI writes it. */
export interface AnswerDoc {
  description: string;
  content?: Record<string, { schema: JsonSchema }>;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
}

export interface RouteDoc {
  /** What the route answers 409 for: the request is valid, but the state of what it touches does not allow it. */
  conflict?: string;
  /** Takes an optional Idempotency-Key (http/idempotency.ts): a repeat replays the first answer. */
  idempotent?: boolean;
  /** A public route that reads a session when one comes: `unauthorized` when some requests need it (a 401). */
  optionalSession?: { unauthorized?: string };
  body?: BodyDoc;
  answers?: Record<string, AnswerDoc>;
}

const multipart = (schema: JsonSchema, description: string): BodyDoc => ({ required: true, description, content: { 'multipart/form-data': { schema } } });

/** The POSTs that take no body (the id is in the address): none is documented as an empty object. */
const NO_BODY: BodyDoc = { required: false, description: 'Sin cuerpo: lo que se envía se ignora', content: { 'application/json': { schema: { type: 'object', maxProperties: 0 } } } };

/** The claim form: reason and text (claimSchema) and `files`, several parts of the same name. */
function claimForm(): JsonSchema {
  const form = multipartForm(claimSchema, []);
  return { ...form, properties: { ...(form.properties as JsonSchema), [CLAIM_FILES_FIELD]: { type: 'array', items: FILE_PART, maxItems: CLAIM_MAX_FILES } } };
}
const noContent = (description: string): Record<string, AnswerDoc> => ({ '204': { description } });
const download = (type: string, description: string): AnswerDoc => ({
  description,
  content: { [type]: { schema: { type: 'string', ...(type.startsWith('text/') ? {} : { format: 'binary' }) } } },
  headers: { 'content-disposition': { description: 'attachment; filename="…"', schema: { type: 'string' } } },
});
const redirect: AnswerDoc = { description: 'Redirige al portal con el resultado del pago', headers: { location: { description: 'La pantalla del resultado', schema: { type: 'string' } } } };

/** The routes' 409s (their services' rules), one entry per route. */
const CONFLICTS: Record<string, string> = {
  'POST /api/admin/jobs/:id/retry': 'El trabajo no está fallido',
  'POST /api/user/curves': 'Nombre de curva ya usado, o ya tiene el máximo de curvas',
  'PUT /api/user/curves/:id': 'Nombre de curva ya usado',
  'POST /api/admin/users': 'Rut ya registrado, o una regla de la propia cuenta (deshabilitarse, cambiar el propio rol)',
  'DELETE /api/admin/users/:id': 'Borrarse a sí mismo, un usuario con pedidos o el último SUPERADMIN',
  'POST /api/user/orders/:id/reorder': 'Nada del pedido se puede volver a pedir',
  'POST /api/user/b1/purchase-history/:docEntry/reorder': 'Nada del pedido se puede volver a pedir',
  'POST /api/orders': 'El carro está vacío o cambió mientras se creaba el pedido',
  'POST /api/user/b1/reserve': 'El pedido no está pendiente, o su pago es por Webpay o Khipu',
  'POST /api/user/b1/ov': 'El pedido no está pendiente, o su pago es por Webpay o Khipu',
  'POST /api/orders/update/state/order': 'El pedido no está pendiente, o falta la evidencia de su pago',
  'POST /api/user/sendmail/order': 'La sección no corresponde al pedido, falta la foto del cheque o el pedido está anulado',
  'POST /api/admin/admin-emails': 'La sección ya tiene destinatario, o ya hay el máximo de destinatarios',
  'POST /api/user/tbk/create': 'El pedido no está pendiente, o ya tiene un pago en curso',
  'POST /api/user/khipu/payments': 'El pedido no está pendiente, o ya tiene un pago en curso',
  'POST /api/user/b1/pay-invoice': 'El pago no está pagado, o una factura ya tiene un pago en curso',
  'POST /api/user/b1/pay-account': 'El pago no está pagado',
  'POST /api/user/pay-cheque': 'El pedido no es con cheque, no está pendiente o ya tiene su foto',
  'POST /api/admin/banners': 'Ya existe el conjunto de banners (se edita, no se crea otro)',
  'POST /api/user/account/documents/:kind/:docEntry/claims': 'El plazo de 8 días venció, el documento no puede reclamarse o ya tiene un reclamo',
};

export const ROUTE_DOCS: Record<string, RouteDoc> = {
  'GET /api/user/sendmail/section/:section': { optionalSession: { unauthorized: 'Sin sesión, para otra sección que CREATION_USER' } },
  'POST /api/security/change-password': { optionalSession: {} },
  'GET /api/security/xsrf': { answers: noContent('Entrega la cookie XSRF-TOKEN, que se devuelve en la cabecera x-xsrf-token') },
  'DELETE /api/user/cart/clear-cart/:userId': { answers: noContent('Carro vaciado') },
  'DELETE /api/user/cart/:id': { answers: noContent('Línea quitada del carro') },
  'POST /api/admin/products': {
    body: multipart(multipartForm(productUpdateSchema, PRODUCT_FILE_FIELDS), 'Los datos del producto y sus archivos (imágenes jpg/png de hasta 2 MB, ficha técnica pdf de hasta 4 MB); un archivo omitido conserva el guardado'),
  },
  'POST /api/admin/banners': {
    body: multipart(multipartForm(bannerSchema, BANNER_FILE_FIELDS), 'Las tres imágenes del banner (jpg/png, hasta 2 MB): todas al crear, las que cambian al editar (con id)'),
  },
  'POST /api/user/pay-cheque': {
    body: multipart(multipartForm(payChequeSchema, ['chequeImgFile'], ['chequeImgFile']), 'La foto del cheque (jpg/png, hasta 2 MB) del pedido pagado con cheque'),
  },
  'POST /api/user/account/documents/:kind/:docEntry/claims': {
    body: multipart(claimForm(), 'El motivo y el texto del reclamo, y hasta 5 fotos o archivos (imagen o pdf, hasta 10 MB cada uno)'),
  },
  'POST /api/user/quick-order/file': {
    body: multipart({ type: 'object', properties: { file: FILE_PART }, required: ['file'] }, 'Un archivo csv o xlsx con las columnas sku, talla y cantidad'),
  },
  'POST /api/user/orders/:id/reorder': { body: NO_BODY, idempotent: true },
  'POST /api/user/b1/purchase-history/:docEntry/reorder': { body: NO_BODY, idempotent: true },
  'POST /api/user/cart/bulk': { idempotent: true },
  'POST /api/orders': { idempotent: true },
  'POST /api/user/tbk/create': { idempotent: true },
  'POST /api/user/khipu/payments': { idempotent: true },
  'PUT /api/user/tbk/confirm/:token': { body: NO_BODY },
  'POST /api/user/khipu/payments/:id/confirm': { body: NO_BODY },
  'POST /api/admin/jobs/:id/retry': { body: NO_BODY },
  'GET /api/user/quick-order/template.csv': { answers: { '200': download('text/csv', 'La plantilla csv del pedido rápido') } },
  'GET /api/user/account/documents/:kind/:docEntry/file/:format': {
    answers: { '200': { ...download('application/pdf', 'El PDF legal (con su timbre) o el XML del DTE, de la propia empresa'), content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } }, 'application/xml': { schema: { type: 'string', format: 'binary' } } } } },
  },
  'GET /api/user/account/statement': {
    answers: {
      '200': {
        ...download(XLSX, 'El estado de cuenta del período; con format=xlsx o format=pdf, como archivo'),
        content: { 'application/json': { schema: answer('AccountStatement') }, [XLSX]: { schema: { type: 'string', format: 'binary' } }, 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
      },
    },
  },
  'GET /api/user/linesheet': {
    answers: {
      '200': {
        ...download(XLSX, 'La lista de precios de la empresa (docs/linesheet.md), xlsx o pdf, enviada a medida que se escribe'),
        content: { [XLSX]: { schema: { type: 'string', format: 'binary' } }, 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
        headers: {
          'content-disposition': { description: 'attachment; filename="lista-de-precios-<rut>-<aaaa-mm-dd>.xlsx|pdf"', schema: { type: 'string' } },
          'x-estilos': { description: 'Estilos en la lista', schema: { type: 'string' } },
          'x-tamano-estimado': { description: 'Tamaño estimado del archivo en bytes (para el avance)', schema: { type: 'string' } },
        },
      },
    },
  },
  'GET /api/user/quick-order/template.xlsx': { answers: { '200': download('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'La plantilla xlsx del pedido rápido') } },
  'GET /api/admin/orders/:numberOrder/cheque-photo': { answers: { '200': download('image/*', 'La foto del cheque (jpeg o png)') } },
  'GET /api/user/account/claims/:id/files/:fileId': { answers: { '200': download('application/octet-stream', 'Una foto o archivo del reclamo (imagen o pdf), de la empresa') } },
  'GET /api/payments/webpay/return': { answers: { '303': redirect } },
  'POST /api/payments/webpay/return': {
    body: {
      required: false,
      description: 'Lo que Webpay envía al volver el comprador (token_ws, o TBK_TOKEN con TBK_ORDEN_COMPRA y TBK_ID_SESION si lo anuló)',
      content: {
        'application/x-www-form-urlencoded': {
          schema: { type: 'object', properties: { token_ws: { type: 'string' }, TBK_TOKEN: { type: 'string' }, TBK_ORDEN_COMPRA: { type: 'string' }, TBK_ID_SESION: { type: 'string' } } },
        },
      },
    },
    answers: { '303': redirect },
  },
  // the stock alerts' mailed link (docs/stock-alerts.md): its GET is a page that asks, the page's button POSTs the token
  'GET /api/public/stock-alerts/unsubscribe': {
    answers: { '200': { description: 'La página del enlace: el aviso y el botón «Quitar este aviso» (un formulario que envía el token por POST); no cambia nada. Un token que no es de ningún aviso: la página con el 404', content: { 'text/html': { schema: { type: 'string' } } } } },
  },
  'POST /api/public/stock-alerts/unsubscribe': {
    body: {
      required: true,
      description: 'El token del enlace: el formulario de la página del enlace, o {token} en JSON. Sin token anti-falsificación: el token del aviso es la prueba',
      content: { 'application/x-www-form-urlencoded': { schema: fromYup(unsubscribeBody) }, 'application/json': { schema: fromYup(unsubscribeBody) } },
    },
    answers: {
      '200': {
        description: 'El aviso quitado: la página que lo dice (desde el formulario) o {message, sku} (JSON)',
        content: { 'application/json': { schema: answer('StockAlertUnsubscribed') }, 'text/html': { schema: { type: 'string' } } },
      },
    },
  },
  'POST /api/payments/khipu/notify': {
    body: { required: true, description: 'La notificación de Khipu, firmada en la cabecera x-khipu-signature', content: { 'application/json': { schema: { type: 'object' } } } },
    answers: { '200': { description: 'Notificación aceptada', content: { 'application/json': { schema: { type: 'object', properties: { status: { type: 'number' }, message: { type: 'string' } }, required: ['status', 'message'] } } } } },
  },
};

for (const [route, conflict] of Object.entries(CONFLICTS)) ROUTE_DOCS[route] = { ...ROUTE_DOCS[route], conflict };
