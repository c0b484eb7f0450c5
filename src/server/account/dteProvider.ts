// The e-invoicing side of the current account (docs/account.md): what the SII knows of each DTE — when the buyer
// received it (the 8-day claim window runs from there), whether it was ceded (factored) and to whom, its claim state —
// and the legal files (the PDF with its timbre, the XML). Where that lives varies per installation: the wholesaler's
// e-invoicing provider may write it back into the ERP or keep it in its own service. The screens ask a DteProvider;
// DTE_PROVIDER (config.ts) chooses which.
//
// Adding a provider: implement DteProvider (statuses for a list of documents in one go, file for one document, both
// for the customer that owns them and answering ErpError 404 / an empty status for what it does not know), add its
// name to DTE_PROVIDERS and build it in createDteProvider.
import type { AccountCession, AccountDocument, AccountDocumentKind, DteFile, DteFileFormat } from '@shared/api/account';
import { CEDABLE_DTE_TYPES } from '@shared/api/account';
import type { ErpService } from '../erp/erp.service';

/** The providers DTE_PROVIDER may name. */
export const DTE_PROVIDERS = ['b1'] as const;
export type DteProviderName = (typeof DTE_PROVIDERS)[number];

/** What the SII records of one DTE, as the provider knows it. */
export interface DteStatus {
  /** When the SII recorded the buyer's reception ('YYYY-MM-DD'); null when unknown. */
  receptionDate: string | null;
  /** The cesión, once notified: the debtor must pay the cesionario. null when not ceded. */
  ceded: AccountCession | null;
  /** The claim state ('ACD' accepted, 'RCD' content claimed, 'RFP' partial lack, 'RFT' total lack of goods), or null. */
  claimState: string | null;
}

/** A document of a customer, as the API names it. */
export interface DteRef {
  kind: AccountDocumentKind;
  docEntry: number;
}

export interface DteProvider {
  readonly name: DteProviderName;
  /**
   * The SII state of each of the customer's `documents` (as the ERP client read them), keyed `kind:docEntry`; a
   * document the provider knows nothing of gets an empty status (no reception date, not ceded, no claim).
   */
  statuses(cardCode: string, documents: readonly AccountDocument[]): Promise<Map<string, DteStatus>>;
  /** The legal PDF or XML of one of the customer's documents; ErpError 404 when it is not the customer's or has none. */
  file(cardCode: string, document: DteRef, format: DteFileFormat): Promise<DteFile>;
}

export const dteKey = (d: DteRef): string => `${d.kind}:${d.docEntry}`;

/**
 * The provider that writes back into B1: the state in the document's user-defined fields (B1_FIELDS.dte in
 * erp/mapping.ts), already read with the document, and the files in its attachment (Attachments2, `$value`).
 * A cesión counts only on a type that can be ceded (33, 34).
 */
export class B1DteProvider implements DteProvider {
  readonly name = 'b1' as const;

  constructor(private readonly erp: Pick<ErpService, 'accountDocumentFile'>) {}

  statuses(_cardCode: string, documents: readonly AccountDocument[]): Promise<Map<string, DteStatus>> {
    return Promise.resolve(new Map(documents.map((d) => [dteKey(d), {
      receptionDate: d.receptionDate,
      ceded: d.ceded && CEDABLE_DTE_TYPES.includes(d.dteType) ? d.ceded : null,
      claimState: d.claimState,
    }])));
  }

  file(cardCode: string, document: DteRef, format: DteFileFormat): Promise<DteFile> {
    return this.erp.accountDocumentFile(cardCode, document.kind, document.docEntry, format);
  }
}

/** The provider DTE_PROVIDER names. */
export function createDteProvider(name: DteProviderName, erp: Pick<ErpService, 'accountDocumentFile'>): DteProvider {
  switch (name) {
    case 'b1': return new B1DteProvider(erp);
  }
}
