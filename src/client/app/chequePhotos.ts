// A File is not serializable, so it stays out of the store: the event carries a key and the cheque flow (the order
// summary's, or Pagar of Mis pedidos) takes the photo by it (once).
const photos = new Map<string, File>();
let lastKey = 0;

export function keepChequePhoto(photo: File): string {
  lastKey += 1;
  const key = `cheque-${lastKey}`;
  photos.set(key, photo);
  return key;
}

export function takeChequePhoto(key: string | null): File | null {
  if (!key) return null;
  const photo = photos.get(key) ?? null;
  photos.delete(key);
  return photo;
}
