import type { StockAlert } from '../api/stockAlerts';
import { formatDate } from '../dates';
import { fill } from '../messages';
import * as yup from '../yup';

// 'Avísame cuando llegue' (docs/stock-alerts.md): the requests and every text of the feature, on both sides.

/** How long an alert waits for its size (days). */
export const STOCK_ALERT_DAYS = 90;

export const STOCK_ALERT_MSG = {
  sku: 'Sku inválido',
  id: 'Identificador de aviso inválido',
  token: 'El enlace para dejar de recibir el aviso no es válido',
  // server answers
  hasStock: 'Esta talla tiene stock: agréguela al carro',
  notFound: 'Aviso no encontrado',
  unknownSku: 'La talla {sku} no existe',
  created: 'Te avisaremos por correo cuando la talla {size} vuelva a tener stock',
  removed: 'Aviso quitado',
  unsubscribed: 'Listo: ya no te avisaremos de {name} talla {size}',
  unsubscribeTitle: 'Aviso de stock',
  unsubscribeAsk: 'Te avisamos por correo cuando {name} talla {size} vuelve a tener stock. ¿Quieres quitar este aviso?',
  unsubscribeButton: 'Quitar este aviso',
  unsubscribeAlready: 'Este aviso ya estaba quitado: no te avisaremos de {name} talla {size}',
  // mail
  mailSubject: 'Volvió el stock de {count} talla(s) que esperabas',
  mailIntro: 'Hola {name}: volvieron a tener stock estas tallas que nos pediste avisarte.',
  mailLine: '{name} talla {size}: {stock} disponibles, a {price} c/u',
  mailView: 'Ver el producto',
  mailUnsubscribe: 'Quitar este aviso',
  mailOutro: 'Los precios son los de hoy para {company} y pueden cambiar; el stock se reserva solo al comprar.',
  // screens
  subscribe: 'Avísame cuando llegue',
  subscribeLabel: 'Avísame cuando llegue la talla {size} de {name}',
  subscribed: 'Te avisaremos',
  sectionTitle: 'Avisos de stock',
  sectionIntro: 'Te enviamos un correo cuando una de estas tallas vuelva a tener stock (a lo más uno al día). Cada aviso dura 90 días.',
  empty: 'No tienes avisos de stock. En un producto, elige «Avísame cuando llegue» en una talla agotada.',
  colStyle: 'Producto',
  colSize: 'Talla',
  colPrice: 'Tu precio',
  colState: 'Estado',
  colExpires: 'Vence',
  remove: 'Quitar',
  removeLabel: 'Quitar el aviso de {name} talla {size}',
  removePrompt: '¿Quitar el aviso de {name} talla {size}?',
  removeText: 'Ya no te enviaremos un correo cuando esta talla vuelva a tener stock.',
  removeConfirm: 'Quitar',
  removeDecline: 'Cancelar',
  stateWAITING: 'Esperando stock',
  stateNOTIFIED: 'Avisado el {date} (seguimos atentos si se agota)',
  stateWAITINGAgain: 'Esperando stock (te avisamos el {date}; se volvió a agotar)',
  stateREMOVED: 'Quitado',
  stateEXPIRED: 'Vencido',
  loadFailed: 'No pudimos cargar tus avisos de stock',
  retry: 'Reintentar',
  adminColumn: 'Avisos',
  adminColumnHelp: 'Avisos esperando stock',
} as const;

const sku = yup.string().trim().required(STOCK_ALERT_MSG.sku).max(50, STOCK_ALERT_MSG.sku).matches(/^[\w.\-/]+$/, STOCK_ALERT_MSG.sku);

/** POST /user/stock-alerts. */
export const stockAlertSchema = yup.object({ sku });

export const stockAlertIdParams = yup.object({
  id: yup.number().typeError(STOCK_ALERT_MSG.id).required(STOCK_ALERT_MSG.id).integer(STOCK_ALERT_MSG.id).positive(STOCK_ALERT_MSG.id).max(2 ** 31 - 1, STOCK_ALERT_MSG.id),
});

const token = yup.string().trim().required(STOCK_ALERT_MSG.token).max(100, STOCK_ALERT_MSG.token).matches(/^[\w-]+$/, STOCK_ALERT_MSG.token);

/** GET /public/stock-alerts/unsubscribe?token=…: the mailed link (it only shows the alert and the button). */
export const unsubscribeQuery = yup.object({ token });

/** POST /public/stock-alerts/unsubscribe: the page's form (`token=…`) or an API client's `{token}`. */
export const unsubscribeBody = yup.object({ token });

/**
 * An alert's state as the profile says it: a notified alert keeps watching (it waits again if its size sells out), so
 * the date of the last mail is part of what it says.
 */
export function stockAlertStateText(alert: Pick<StockAlert, 'state' | 'notifiedAt'>): string {
  const date = formatDate(alert.notifiedAt);
  if (alert.state === 'NOTIFIED') return fill(STOCK_ALERT_MSG.stateNOTIFIED, { date });
  if (alert.state === 'WAITING' && alert.notifiedAt) return fill(STOCK_ALERT_MSG.stateWAITINGAgain, { date });
  return STOCK_ALERT_MSG[`state${alert.state}`];
}
