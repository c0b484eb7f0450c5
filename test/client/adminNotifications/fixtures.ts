import type { NotificationRecipient } from '@shared/api/notifications';

export const creation: NotificationRecipient = { id: 1, name: 'Carla', lastName: 'Rojas', email: 'clientes@textilandino.cl', section: 'CREATION_USER' };
export const reserve: NotificationRecipient = { id: 2, name: 'Pedro', lastName: 'Soto', email: 'reservas@textilandino.cl', section: 'RESERVE' };
export const cheque: NotificationRecipient = { id: 3, name: 'Ana', lastName: 'Vera', email: 'cobranza@textilandino.cl', section: 'CHEQUE' };
export const claim: NotificationRecipient = { id: 4, name: 'Daniela', lastName: 'Soto', email: 'reclamos@textilandino.cl', section: 'ACCOUNT_CLAIM' };
