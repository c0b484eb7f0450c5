import type { CatalogueChoice } from '@shared/catalogueSelection';
import { kept, type KeptState } from '@client/app/persistence';
import { SESSION_KEYS } from '@client/app/sessionKeys';

// The catalogue choice is kept in the store's kept slice, which survives a reload (R-CAT-1, app/persistence), under the
// keys category, scategory, sscategory.
export type { CatalogueChoice };

/** The action that keeps the choice made on /user/catalog. */
export const keepChoice = (choice: CatalogueChoice) =>
  kept({ [SESSION_KEYS.category]: choice.category, [SESSION_KEYS.scategory]: choice.scategory, [SESSION_KEYS.sscategory]: choice.sscategory });

/** The kept choice ('' for what was not chosen: the list then shows the whole catalogue). */
export const choiceOf = (state: KeptState): CatalogueChoice => ({
  category: state[SESSION_KEYS.category] ?? '',
  scategory: state[SESSION_KEYS.scategory] ?? '',
  sscategory: state[SESSION_KEYS.sscategory] ?? '',
});
