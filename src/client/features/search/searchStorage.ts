// The last submitted query survives a reload of /user/search-product (session storage key searchSku, R-SRCH-2).
const KEY = 'searchSku';

export function saveQuery(query: string): void {
  try {
    window.sessionStorage.setItem(KEY, query);
  } catch {
    // storage refused: a reload then shows an empty result
  }
}

export function readQuery(): string {
  try {
    return window.sessionStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}
