import * as yup from '../yup';
import { NOTIFICATION_SECTIONS, type NotificationSection } from '../orders';

// Notification recipients (R-ADM-NOTIF-2, R-ADM-NOTIF-3; /admin/admin-emails): who gets the mail of a
// section. At most one record per section, so at most three.

export const NOTIFICATION_MSG = {
  nameRequired: 'El nombre es requerido',
  lastNameRequired: 'El apellido es requerido',
  emailRequired: 'El email es requerido',
  emailInvalid: 'El formato del email es incorrecto',
  sectionRequired: 'Debe indicar de la reserva o solcitud de creacion de usuario',
  tooLong: 'El texto es demasiado largo',
  id: 'Identificador de notificación inválido',
  // screens (R-ADM-NOTIF-2)
  createTitle: 'Creación de Notificación',
  updateTitle: 'Actualizar de Notificación',
  updatePrompt: 'Desea actualizar notificación?',
  updateConfirm: 'Actualizar',
  updateDecline: 'No Actualizar',
  updated: 'Actualizado!',
  notUpdated: 'Notificación no actualizada',
  created: 'Creada la Notificación!',
  notCreated: 'Notificación no creada',
  // server answers
  notFound: 'Notificación no encontrada',
  deleted: 'Eliminado!',
  sectionTaken: 'Ya existe una notificación para la sección {section}: edite esa notificación o elimínela primero',
  full: 'Ya existen {max} notificaciones (una por sección): edite o elimine una antes de crear otra',
  // the order mail and the cheque payment (R-CHK-5, R-PAY-CHQ-1)
  mailSent: 'Enviado correo a {brand}!!',
  sectionNotForOrder: 'La sección {section} no corresponde al pedido {number}',
  orderCanceled: 'El pedido {number} está anulado',
  orderNotCheque: 'El pedido {number} no se paga con cheque',
  chequeAlreadySent: 'La foto del cheque del pedido {number} ya fue enviada',
  chequeOneFile: 'Debe adjuntar solo una foto del cheque',
} as const;

/** At most this many recipients: one per section. */
export const MAX_NOTIFICATIONS = NOTIFICATION_SECTIONS.length;

/** The 'Envío desde' options (after 'Seleccionar'). */
export const SECTION_LABELS: Record<NotificationSection, string> = {
  CREATION_USER: 'Creación Usuario',
  RESERVE: 'Reserva Stock',
  CHEQUE: 'Pago Cheque',
  ACCOUNT_CLAIM: 'Reclamo Factura',
};

/** An empty, null or 0 id (a new record in the form) means "create". */
const optionalId = yup
  .number()
  .transform((value, original) => (original === '' || original === null || original === 0 || original === '0' ? undefined : value))
  .typeError(NOTIFICATION_MSG.id)
  .integer(NOTIFICATION_MSG.id)
  .positive(NOTIFICATION_MSG.id)
  .max(2 ** 31 - 1, NOTIFICATION_MSG.id)
  .optional();

/** The creation and update form, and the body of POST /admin/admin-emails (with `id` it updates). */
export const notificationSchema = yup.object({
  id: optionalId,
  name: yup.string().trim().required(NOTIFICATION_MSG.nameRequired).max(100, NOTIFICATION_MSG.tooLong),
  lastName: yup.string().trim().required(NOTIFICATION_MSG.lastNameRequired).max(100, NOTIFICATION_MSG.tooLong),
  email: yup.string().trim().required(NOTIFICATION_MSG.emailRequired).email(NOTIFICATION_MSG.emailInvalid).max(254, NOTIFICATION_MSG.emailInvalid),
  section: yup
    .mixed<NotificationSection>()
    .transform((value) => (value === '' ? undefined : value))
    .oneOf(NOTIFICATION_SECTIONS, NOTIFICATION_MSG.sectionRequired)
    .required(NOTIFICATION_MSG.sectionRequired),
});
export type NotificationForm = yup.InferType<typeof notificationSchema>;

export const notificationIdParams = yup.object({
  id: yup.number().typeError(NOTIFICATION_MSG.id).required(NOTIFICATION_MSG.id).integer(NOTIFICATION_MSG.id).positive(NOTIFICATION_MSG.id).max(2 ** 31 - 1, NOTIFICATION_MSG.id),
});

/** The sections the form offers: those no other record uses, plus the record's own on update. */
export function availableSections(taken: ReadonlyArray<{ id: number; section: NotificationSection }>, ownId?: number): NotificationSection[] {
  const used = new Set(taken.filter((r) => r.id !== ownId).map((r) => r.section));
  return NOTIFICATION_SECTIONS.filter((s) => !used.has(s));
}
