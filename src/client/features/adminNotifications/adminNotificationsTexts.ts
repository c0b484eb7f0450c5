// Texts of notification administration that the spec does not fix (list title, labels, prompts, accessible
// names). The spec's own texts are NOTIFICATION_MSG and SECTION_LABELS in src/shared/schemas/notifications.ts.

export const ADMIN_NOTIFICATIONS_TEXT = {
  listTitle: 'Administración Notificaciones',
  create: 'Crear',
  grid: 'Notificaciones',
  empty: 'No existen notificaciones creadas',
  colName: 'Nombre',
  colLastName: 'Apellido',
  colEmail: 'Email',
  colSection: 'Envío desde',
  colEdit: 'Editar',
  colDelete: 'Eliminar',
  editNotification: 'Editar notificación de {section}',
  deleteNotification: 'Eliminar notificación de {section}',
  retry: 'Reintentar',
  loading: 'Cargando',
  saving: 'Guardando',

  // the form (R-ADM-NOTIF-2)
  nameLabel: 'Nombre',
  lastNameLabel: 'Apellido',
  emailLabel: 'Email',
  sectionLabel: 'Envío desde',
  select: 'Seleccionar',
  saveButton: 'Guardar',
  updateButton: 'Actualizar',
  backToList: 'Volver a notificaciones',
  noNotificationChosen: 'No hay una notificación elegida: elíjala en Administración Notificaciones',

  // prompts the spec does not show
  createPrompt: 'Desea crear notificación?',
  createConfirm: 'Crear',
  createDecline: 'No Crear',
  deletePrompt: 'Deseas eliminar la notificación de {section}?',
  deleteConfirm: 'Eliminar',
  deleteDecline: 'No eliminar',
  notDeleted: 'Notificación no eliminada',
} as const;
