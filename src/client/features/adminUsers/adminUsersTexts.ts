// Texts of user administration that the spec does not fix (prompts, labels, accessible names). The spec's own
// texts are USER_MSG in src/shared/schemas/users.ts.

export const ADMIN_USERS_TEXT = {
  create: 'Crear',
  usersGrid: 'Usuarios',
  colUsername: 'Usuario',
  colEmail: 'Email',
  colRole: 'Rol',
  colEnabled: 'Estado',
  colEdit: 'Editar',
  colDelete: 'Eliminar',
  editUser: 'Editar {username}',
  deleteUser: 'Eliminar {username}',
  retry: 'Reintentar',
  loading: 'Cargando',
  saving: 'Guardando',

  // the form (admin document section 2: User creation)
  rutLabel: 'Rut Empresa',
  passwordLabel: 'Password',
  confirmPasswordLabel: 'Confirmar Password',
  emailLabel: 'Email',
  addressLabel: 'Dirección',
  cellphoneLabel: 'Teléfono Móvil',
  cellphonePrefix: '+569',
  enabledLabel: 'Estado',
  userTypeLabel: 'Role',
  select: 'Seleccionar',
  saveButton: 'Guardar',
  updateButton: 'Actualizar',
  keepPassword: 'Déjela vacía para mantener la actual',
  backToUsers: 'Volver a usuarios',
  noUserChosen: 'No hay un usuario elegido: elíjalo en Administración de Usuarios',

  // the confirm prompts (the spec does not show their texts)
  createPrompt: 'Deseas crear el usuario?',
  createConfirm: 'Crear',
  createDecline: 'No Crear',
  updatePrompt: 'Deseas actualizar el usuario?',
  updateConfirm: 'Actualizar',
  updateDecline: 'No Actualizar',
  deletePrompt: 'Deseas eliminar el usuario {username}?',
  deleteConfirm: 'Eliminar',
  deleteDecline: 'No eliminar',
  notDeleted: 'Usuario no eliminado',
} as const;
