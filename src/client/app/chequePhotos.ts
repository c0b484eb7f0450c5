import { holdFiles, takeFiles } from './heldFiles';

// The cheque photo stays out of the store (app/heldFiles): the event carries a key and the cheque flow (the order
// summary's, or Pagar of Mis pedidos) takes the photo by it (once).

export const keepChequePhoto = (photo: File): string => holdFiles('cheque', [photo]);

export const takeChequePhoto = (key: string | null): File | null => takeFiles(key)[0] ?? null;
