// The catalogue choice survives in session storage (R-CAT-1) under the keys category, scategory, sscategory.
export interface CatalogueChoice {
  category: string;
  scategory: string;
  sscategory: string;
}

const KEYS = ['category', 'scategory', 'sscategory'] as const;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function saveChoice(choice: CatalogueChoice): void {
  try {
    for (const key of KEYS) storage()?.setItem(key, choice[key]);
  } catch {
    // storage full or refused: the list then shows the whole catalogue
  }
}

export function readChoice(): CatalogueChoice {
  const s = storage();
  return { category: s?.getItem('category') ?? '', scategory: s?.getItem('scategory') ?? '', sscategory: s?.getItem('sscategory') ?? '' };
}
