import { keptReducer, type KeptState } from '@client/app/persistence';
import { keepChoices, type SummaryChoices } from '@client/features/checkout/keptChoices';

/** The kept slice holding the order summary's choices of user `userId`, as the summary keeps them. */
export const keptWith = (userId: number, choices: Partial<SummaryChoices> & { invoiceAddress?: string }): KeptState =>
  keptReducer({}, keepChoices(userId, choices));

/** Kept values in session storage, as a page before a reload (or the provider's return) left them. */
export function storeKept(state: KeptState): void {
  for (const [key, value] of Object.entries(state)) sessionStorage.setItem(key, value);
}

/** Those choices in session storage, as a page before a reload (or the provider's return) left them. */
export function storeChoices(userId: number, choices: Partial<SummaryChoices> & { invoiceAddress?: string }): void {
  storeKept(keptWith(userId, choices));
}
