// A File is not serializable, so chosen files stay out of the store: the submit event carries a key and the save
// flow takes the files by it (once).
const pending = new Map<string, Partial<Record<string, File>>>();
let lastKey = 0;

export function keepFiles<F extends string>(files: Partial<Record<F, File>>): string {
  lastKey += 1;
  const key = `admin-files-${lastKey}`;
  pending.set(key, files);
  return key;
}

export function takeFiles<F extends string>(key: string): Partial<Record<F, File>> {
  const files = pending.get(key) ?? {};
  pending.delete(key);
  return files as Partial<Record<F, File>>;
}
