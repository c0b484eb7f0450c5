// A File is not serializable, so it stays out of the store: the event carries a key and the saga that sends the files
// takes them by it (once). The cheque photo (app/chequePhotos) and a claim's attachments are held this way.
const held = new Map<string, File[]>();
let lastKey = 0;

/** Holds `files` until takeFiles(key); `prefix` names what they are in the key ('cheque-3', 'claim-4'). */
export function holdFiles(prefix: string, files: readonly File[]): string {
  lastKey += 1;
  const key = `${prefix}-${lastKey}`;
  held.set(key, [...files]);
  return key;
}

/** The files held under `key` (forgotten as they are taken), or [] when none are. */
export function takeFiles(key: string | null): File[] {
  if (!key) return [];
  const files = held.get(key) ?? [];
  held.delete(key);
  return files;
}
