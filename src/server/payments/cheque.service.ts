import { randomBytes } from 'node:crypto';
import type { MessageResponse } from '@shared/api/types';
import { fill } from '@shared/messages';
import { NOTIFICATION_MSG } from '@shared/schemas/notifications';
import { HttpError } from '../errors';
import { enqueueMail, orderMailKey } from '../mail/mailJob';
import { chequeAttachment, findOwnOrder } from '../mail/orderMail';
import type { OrderMailService } from '../mail/orderMail.service';
import type { OrderRepo } from '../orders/orders.repo';
import { refuseWhileWaiting } from '../company/approvalRules';
import type { SessionUser } from '../plugins/auth';
import type { StoredFile } from '../storage/blobStore';
import type { PrivateFileStore } from '../storage/privateFiles';
import { SERVER_MSG } from '../messages';

/** A cheque photo already checked by content: its bytes and the extension it is stored under. */
export interface ChequePhoto {
  bytes: Buffer;
  ext: 'jpg' | 'png';
}

export const CHEQUE_TEXTS = {
  noPhoto: 'El pedido {number} no tiene foto de cheque',
} as const;

/**
 * The cheque payment (R-PAY-CHQ-1): the photo is kept in the private store (never served) and, in
 * one transaction, the order records it and the mail to the CHEQUE recipient is queued with the photo attached.
 * Company data come from the ERP.
 */
export class ChequeService {
  constructor(
    private readonly orderMail: OrderMailService,
    private readonly privateFiles: PrivateFileStore,
    private readonly orders: OrderRepo,
  ) {}

  async pay(user: SessionUser, numberOrder: string, photo: ChequePhoto): Promise<MessageResponse> {
    const { db, outbox, worker, notifications, brandName, mailDomain } = this.orderMail.deps;
    const { privateFiles } = this;
    const order = await findOwnOrder(this.orders, user, numberOrder);
    if (order.paymentMethod !== 'CHEQUE') throw new HttpError(409, fill(NOTIFICATION_MSG.orderNotCheque, { number: numberOrder }));
    refuseWhileWaiting(order);
    if (order.orderState !== 'PROCESS') throw new HttpError(409, fill(SERVER_MSG.orderNotPending, { number: numberOrder }));
    if (order.chequeFileKey) throw new HttpError(409, fill(NOTIFICATION_MSG.chequeAlreadySent, { number: numberOrder }));
    const recipient = await notifications.recipientOf('CHEQUE');

    const mail = await this.orderMail.orderMail('CHEQUE', user, order);
    const key = `cheques/${numberOrder}-${randomBytes(6).toString('hex')}.${photo.ext}`;
    await privateFiles.put(key, photo.bytes, photo.ext === 'png' ? 'image/png' : 'image/jpeg');
    try {
      await db.transaction(async (tx) => {
        // Only a pending cheque order without a photo yet: two uploads at once leave one photo and one mail.
        if (!(await this.orders.attachChequePhoto(tx, order.id, key))) throw new HttpError(409, fill(NOTIFICATION_MSG.chequeAlreadySent, { number: numberOrder }));
        const attachments = [chequeAttachment(numberOrder, key)];
        await enqueueMail(outbox, tx, orderMailKey('CHEQUE', numberOrder), { to: recipient.email, ...mail, attachments }, mailDomain);
      });
    } catch (err) {
      await privateFiles.delete(key).catch(() => undefined);
      throw err;
    }
    worker.kick();
    return { message: fill(SERVER_MSG.chequeSent, { brand: brandName }) };
  }

  /**
   * The cheque photo of an order, opened for an authorised download (admins), from whichever instance stored it: the
   * private store is shared like the public one. 404 for an unknown order, one without a photo, or a photo gone.
   */
  async photo(numberOrder: string): Promise<{ file: StoredFile; filename: string }> {
    const order = await this.orders.byNumber(numberOrder);
    if (!order) throw new HttpError(404, SERVER_MSG.orderNotFound);
    const noPhoto = new HttpError(404, fill(CHEQUE_TEXTS.noPhoto, { number: numberOrder }));
    const key = order.chequeFileKey;
    if (!key) throw noPhoto;
    const file = await this.privateFiles.open(key);
    if (!file) throw noPhoto;
    return { file, filename: `cheque-${numberOrder}${key.slice(key.lastIndexOf('.'))}` };
  }
}
