// What the portal itself knows of a company's account documents, beside the ERP and the e-invoicing provider: the
// documents a portal payment is settling right now (the payments area) and the claims the buyer recorded (the claims
// area). The account service reads both through this one interface, so neither area depends on the other; app.ts
// passes an object combining them. Keys are `${kind}:${docEntry}` (dteKey in dteProvider.ts).
import type { AccountClaim } from '@shared/api/account';

export interface AccountExtras {
  /** The company's documents in a portal payment being processed (open or paid, not yet seen in the ERP). */
  documentsInProcess(cardCode: string): Promise<ReadonlySet<string>>;
  /** The claims the company recorded through the portal, by document. */
  claimsOf(cardCode: string): Promise<ReadonlyMap<string, AccountClaim>>;
}

/** No payment in process, no claim: what the account shows before the payments and claims areas are connected. */
export const NO_ACCOUNT_EXTRAS: AccountExtras = {
  documentsInProcess: () => Promise.resolve(new Set()),
  claimsOf: () => Promise.resolve(new Map()),
};

/**
 * One AccountExtras from the areas that each know one half (the payments area, the claims area). `parts` is read on
 * every call, so an area set up after the account service (app.ts registers the payments later) fills it in then.
 */
export function combineAccountExtras(parts: Partial<AccountExtras>): AccountExtras {
  return {
    documentsInProcess: (cardCode) => (parts.documentsInProcess ?? NO_ACCOUNT_EXTRAS.documentsInProcess)(cardCode),
    claimsOf: (cardCode) => (parts.claimsOf ?? NO_ACCOUNT_EXTRAS.claimsOf)(cardCode),
  };
}
