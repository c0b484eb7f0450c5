import { keptReducer, type KeptState } from '@client/app/persistence';
import { keepChoices, type SummaryChoices } from '@client/features/checkout/keptChoices';

/** The kept slice holding the order summary's choices of user `userId`, as the summary keeps them. */
export const keptWith = (userId: number, choices: Partial<SummaryChoices> & { invoiceAddress?: string }): KeptState =>
  keptReducer({}, keepChoices(userId, choices));

/** Those choices in session storage, as a page before a reload (or the provider's return) left them. */
export function storeChoices(userId: number, choices: Partial<SummaryChoices> & { invoiceAddress?: string }): void {
  for (const [key, value] of Object.entries(keptWith(userId, choices))) sessionStorage.setItem(key, value);
}
