// Texts of the order summary that the spec does not fix (those it fixes are in src/shared/messages.ts).
import { erpDownText } from '@client/app/problems';

export const CHECKOUT_TEXT = {
  title: 'Finalizar compra',
  reserveTitle: 'Finalizar reserva',
  loading: 'Cargando resumen de la compra',
  retry: 'Reintentar',
  loadFailed: 'No se pudo cargar el resumen de la compra:',
  transportsFailed: 'No se pudieron cargar los transportes:',

  deliveryLegend: 'Tipo de entrega',
  delivery: 'Despacho',
  storePickup: 'Retiro en tienda',
  dispatchAddress: 'Dirección de despacho',
  transport: 'Transporte',
  transportsLoading: 'Cargando transportes…',
  invoiceAddress: 'Dirección de facturación',

  paymentLegend: 'Forma de pago',
  khipu: 'Transferencia bancaria (Khipu)',
  webpay: 'WebPay Plus',
  cheque: 'Cheque',
  credit: 'Línea de crédito',
  chequeOnlyWithCondition: 'Disponible con condición de pago Cheque',
  creditUnavailable: 'Sin crédito disponible',
  availableCredit: 'Crédito disponible: {amount}',
  chequePhoto: 'Adjuntar foto del cheque',
  chequePhotoHint: 'jpg, jpeg o png, máximo 2 MB',
  chequePhotoChosen: 'Archivo: {file}',

  back: 'Volver al carro',
  processing: 'Procesando pedido',
  dialogAccept: 'Aceptar',

  // the one alert of the summary: a load or the order failed (always saying whether the order exists)
  erpDownLoad: erpDownText('No pudimos preparar el resumen de tu compra', 'tu carro y lo que elegiste siguen guardados, y no se creó ningún pedido'),
  erpDownCreate: 'No se creó tu pedido',
  erpDownCreateKept: 'no se cobró nada y tu carro sigue igual',
  creationUnknown:
    "No recibimos respuesta, así que no sabemos si tu pedido alcanzó a crearse. Presiona 'Reintentar': si ya se creó, se usa ese mismo pedido y no se crea otro.",
  orderExistsUnfinished: "Tu pedido {number} quedó creado, pero no pudimos terminarlo: {message}. Presiona 'Reintentar' para terminar ese mismo pedido; no se creará otro.",

  // 'Intentar nuevamente' after a card or transfer payment ended unpaid
  retryNoChoices: 'No se encontraron las opciones de tu compra anterior: vuelve al carro para comprar de nuevo.',
} as const;


