import { MSG } from '@shared/messages';
import type { SessionUser } from '../plugins/auth';
import { HttpError } from '../errors';

/**
 * The caller's own order (a row, or one with its lines), or a 404. Another buyer's order is answered as a missing one: order ids and numbers are
 * sequential, and a different answer (a 403) would tell any buyer which of them exist.
 */
export function ownOrder<T extends { userId: number } | { order: { userId: number } }>(user: Pick<SessionUser, 'id'>, found: T | undefined): T {
  const owner = found && ('order' in found ? found.order.userId : found.userId);
  if (!found || owner !== user.id) throw new HttpError(404, MSG.orderNotFound);
  return found;
}
