import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AccountClaim, AccountDocumentKind, ClaimReason } from '@shared/api/account';
import type { Db, DbOrTx } from '../db/connect';
import { accountClaimFiles, accountClaims, type AccountClaimFileRow, type AccountClaimRow } from '../db/schema';
import { dteKey } from './dteProvider';

/** A claim to record: the document, who made it and what it says. */
export interface NewClaim {
  companyRut: string;
  cardCode: string;
  kind: AccountDocumentKind;
  docEntry: number;
  dteType: number;
  folio: number | null;
  reason: ClaimReason;
  text: string;
  createdBy: number;
  createdByName: string;
}

/** A file of a claim already put in the private store. */
export interface NewClaimFile {
  fileKey: string;
  fileName: string;
  contentType: string;
  size: number;
}

const toClaim = (row: AccountClaimRow, files: AccountClaimFileRow[]): AccountClaim => ({
  id: row.id,
  reason: row.reason as ClaimReason,
  text: row.text,
  files: files.map((f) => ({ id: f.id, fileName: f.fileName, contentType: f.contentType, size: f.size })),
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdByName,
});

/** The claims the companies recorded on their invoices (docs/account.md), one per company and document. */
export class ClaimRepo {
  constructor(private readonly db: Db) {}

  /** Records a claim and its files in the caller's transaction; undefined when the document already has one. */
  async insert(tx: DbOrTx, claim: NewClaim, files: readonly NewClaimFile[]): Promise<AccountClaim | undefined> {
    const [row] = await tx.insert(accountClaims).values(claim).onConflictDoNothing().returning();
    if (!row) return undefined;
    const fileRows = files.length ? await tx.insert(accountClaimFiles).values(files.map((f) => ({ ...f, claimId: row.id }))).returning() : [];
    return toClaim(row, fileRows);
  }

  /** The claim of one of the customer's documents, or undefined. */
  async ofDocument(cardCode: string, kind: AccountDocumentKind, docEntry: number): Promise<AccountClaim | undefined> {
    const [row] = await this.db
      .select()
      .from(accountClaims)
      .where(and(eq(accountClaims.cardCode, cardCode), eq(accountClaims.kind, kind), eq(accountClaims.docEntry, docEntry)))
      .limit(1);
    return row && toClaim(row, await this.filesOf([row.id]));
  }

  /** Every claim of the customer, keyed `${kind}:${docEntry}` (the account list's AccountExtras.claimsOf). */
  async claimsOf(cardCode: string): Promise<Map<string, AccountClaim>> {
    const rows = await this.db.select().from(accountClaims).where(eq(accountClaims.cardCode, cardCode)).orderBy(asc(accountClaims.id));
    const files = await this.filesOf(rows.map((r) => r.id));
    return new Map(rows.map((r) => [dteKey({ kind: r.kind as AccountDocumentKind, docEntry: r.docEntry }), toClaim(r, files.filter((f) => f.claimId === r.id))]));
  }

  /** A file of one of the customer's claims, or undefined (another company's, or no such file). */
  async file(cardCode: string, claimId: number, fileId: number): Promise<AccountClaimFileRow | undefined> {
    const [row] = await this.db
      .select({ file: accountClaimFiles })
      .from(accountClaimFiles)
      .innerJoin(accountClaims, eq(accountClaims.id, accountClaimFiles.claimId))
      .where(and(eq(accountClaimFiles.id, fileId), eq(accountClaimFiles.claimId, claimId), eq(accountClaims.cardCode, cardCode)))
      .limit(1);
    return row?.file;
  }

  private async filesOf(claimIds: number[]): Promise<AccountClaimFileRow[]> {
    if (!claimIds.length) return [];
    return this.db.select().from(accountClaimFiles).where(inArray(accountClaimFiles.claimId, claimIds)).orderBy(asc(accountClaimFiles.id));
  }
}
