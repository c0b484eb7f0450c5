import { randomBytes } from 'node:crypto';
import type { AccountClaim, AccountDocument, AccountDocumentKind } from '@shared/api/account';
import { CLAIM_REASON_LABELS, CLAIM_TEXTS } from '@shared/accountClaims';
import { CLAIMABLE_DTE_TYPES, claimWindowOf, dteDocumentName } from '@shared/accountRules';
import { formatDate } from '@shared/dates';
import { fill } from '@shared/messages';
import { formatCLP } from '@shared/money';
import type { ClaimReason } from '@shared/api/account';
import { chileTodayIso } from '@shared/workingDays';
import type { Db } from '../db/connect';
import type { ErpService } from '../erp/erp.service';
import { HttpError } from '../errors';
import type { OutboxWorker } from '../jobs/outbox';
import type { Outbox } from '../jobs/outbox.repo';
import { enqueueMail, type MailJobAttachment } from '../mail/mailJob';
import type { NotificationsService } from '../notifications/notifications.service';
import type { SessionUser } from '../plugins/auth';
import type { CustomerDirectory } from '../profile/customers.service';
import type { StoredFile } from '../storage/blobStore';
import type { PrivateFileStore } from '../storage/privateFiles';
import { UsersRepo } from '../users/users.repo';
import { ClaimRepo, type NewClaimFile } from './claims.repo';
import type { DteProvider } from './dteProvider';

/** A photo or file of the claim form, already checked by content. */
export interface ClaimUpload {
  fileName: string;
  contentType: string;
  /** The extension its content says ('jpg', 'pdf', …). */
  ext: string;
  bytes: Buffer;
}

export interface ClaimServiceDeps {
  db: Db;
  erp: Pick<ErpService, 'accountDocument'>;
  customers: Pick<CustomerDirectory, 'cardCodeOf' | 'profileOf'>;
  dte: Pick<DteProvider, 'statuses'>;
  privateFiles: PrivateFileStore;
  outbox: Outbox;
  worker: Pick<OutboxWorker, 'kick'>;
  notifications: Pick<NotificationsService, 'recipientOf'>;
  brandName: string;
  mailDomain: string;
  /** The Chilean calendar day (tests inject it). */
  today?: () => string;
}

/** `mail:ACCOUNT_CLAIM:17`: one mail per claim. */
export const claimMailKey = (claimId: number) => `mail:ACCOUNT_CLAIM:${claimId}`;

const docName = (doc: Pick<AccountDocument, 'dteType' | 'folio' | 'docNum'>) => dteDocumentName(doc.dteType, doc.folio ?? doc.docNum);

/**
 * Claims on invoices inside the 8-day window (docs/account.md). The portal's claim is the wholesaler's notice: the
 * claim row, its files and the mail to the ACCOUNT_CLAIM recipient are written together or not at all; the legal claim
 * is registered by the buyer at the SII.
 */
export class ClaimService {
  readonly claims: ClaimRepo;
  private readonly users: UsersRepo;
  private readonly today: () => string;

  constructor(private readonly deps: ClaimServiceDeps) {
    this.claims = new ClaimRepo(deps.db);
    this.users = new UsersRepo(deps.db);
    this.today = deps.today ?? (() => chileTodayIso());
  }

  /** Records the caller's company's claim on one of its invoices; 404 another company's, 409 outside the window or claimed. */
  async record(user: SessionUser, kind: AccountDocumentKind, docEntry: number, form: { reason: ClaimReason; text: string }, uploads: readonly ClaimUpload[]): Promise<AccountClaim> {
    const { db, erp, customers, dte, privateFiles, outbox, worker, notifications, mailDomain } = this.deps;
    const cardCode = await customers.cardCodeOf(user);
    const doc = await erp.accountDocument(cardCode, kind, docEntry);
    if (!CLAIMABLE_DTE_TYPES.includes(doc.dteType)) throw new HttpError(409, CLAIM_TEXTS.notClaimable);
    if (await this.claims.ofDocument(cardCode, kind, docEntry)) throw new HttpError(409, CLAIM_TEXTS.alreadyClaimed);
    const status = (await dte.statuses(cardCode, [doc])).get(`${kind}:${docEntry}`);
    const window = claimWindowOf({ dteType: doc.dteType, receptionDate: status?.receptionDate ?? null }, this.today(), false);
    if (!window.deadline) throw new HttpError(409, CLAIM_TEXTS.windowNotOpen);
    if (!window.open) throw new HttpError(409, fill(CLAIM_TEXTS.windowClosed, { date: formatDate(window.deadline) }));
    const recipient = await notifications.recipientOf('ACCOUNT_CLAIM');
    const company = await customers.profileOf(user);
    const person = await this.users.findById(user.id);
    const createdByName = person?.fullName || company.nombre;

    const tag = randomBytes(6).toString('hex');
    const files: NewClaimFile[] = uploads.map((u, i) => ({
      fileKey: `claims/${cardCode}-${kind}-${docEntry}-${tag}-${i + 1}.${u.ext}`,
      fileName: u.fileName,
      contentType: u.contentType,
      size: u.bytes.length,
    }));
    const stored: string[] = [];
    try {
      for (const [i, f] of files.entries()) {
        await privateFiles.put(f.fileKey, uploads[i]!.bytes, f.contentType);
        stored.push(f.fileKey);
      }
      const claim = await db.transaction(async (tx) => {
        const saved = await this.claims.insert(tx, {
          companyRut: user.companyRut, cardCode, kind, docEntry, dteType: doc.dteType, folio: doc.folio,
          reason: form.reason, text: form.text, createdBy: user.id, createdByName,
        }, files);
        // two claims at once: the unique index keeps the first
        if (!saved) throw new HttpError(409, CLAIM_TEXTS.alreadyClaimed);
        const attachments: MailJobAttachment[] = files.map((f) => ({ filename: f.fileName, privateKey: f.fileKey, contentType: f.contentType }));
        const mail = this.claimMail(saved, doc, { name: company.nombre, rut: company.rut, person: createdByName, login: user.username }, window.deadline!);
        await enqueueMail(outbox, tx, claimMailKey(saved.id), { to: recipient.email, ...mail, attachments }, mailDomain);
        return saved;
      });
      worker.kick();
      return claim;
    } catch (err) {
      for (const key of stored) await privateFiles.delete(key).catch(() => undefined);
      throw err;
    }
  }

  /** A file of one of the caller's company's claims, opened for download; 404 for any other. */
  async file(user: SessionUser, claimId: number, fileId: number): Promise<{ file: StoredFile; fileName: string }> {
    const cardCode = await this.deps.customers.cardCodeOf(user);
    const row = await this.claims.file(cardCode, claimId, fileId);
    const file = row && (await this.deps.privateFiles.open(row.fileKey));
    if (!row || !file) throw new HttpError(404, CLAIM_TEXTS.claimNotFound);
    return { file, fileName: row.fileName };
  }

  /** The mail to the wholesaler's claims recipient: the company, the document, the reason, the text, the files. */
  private claimMail(claim: AccountClaim, doc: AccountDocument, who: { name: string; rut: string; person: string; login: string }, deadline: string) {
    const { brandName } = this.deps;
    const subject = `Reclamo de ${docName(doc)} - ${who.name}`;
    const fileLines = claim.files.map((f) => `  - ${f.fileName}`);
    const text = [
      `${who.name} (RUT ${who.rut}) registró un reclamo en el portal de ${brandName}.`,
      '',
      `Documento: ${docName(doc)} (tipo ${doc.dteType})`,
      `Emisión: ${formatDate(doc.issueDate)} · Vencimiento: ${formatDate(doc.dueDate)} · Total: ${formatCLP(doc.total)}`,
      `Plazo para reclamar hasta: ${formatDate(deadline)}`,
      `Motivo: ${CLAIM_REASON_LABELS[claim.reason]}`,
      `Registrado por: ${who.person} (${who.login}), ${formatDate(claim.createdAt)}`,
      '',
      'Reclamo:',
      claim.text,
      '',
      claim.files.length ? `Archivos (adjuntos a este correo):\n${fileLines.join('\n')}` : 'Sin archivos adjuntos.',
    ].join('\n');
    return { subject, text };
  }
}
