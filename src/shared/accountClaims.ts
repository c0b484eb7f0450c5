// The texts and limits of a claim on an invoice (docs/account.md), shared by the claim dialog and the server: the
// legal claim is the SII's, the portal's claim is the wholesaler's notice of it. And the words of the account's mail
// alerts switch, which the profile shows and the alert mails name.
import type { ClaimReason } from './api/account';

/** At most this many photos or files per claim. */
export const CLAIM_MAX_FILES = 5;
/** Each file at most 10 MB. */
export const CLAIM_MAX_BYTES = 10 * 1024 * 1024;
/** What a claim's file may be, by content (the name's extension is not trusted). */
export const CLAIM_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf'] as const;
/** The multipart field of the files. */
export const CLAIM_FILES_FIELD = 'files';

/** Where the buyer registers the legal claim: the SII's "Registro de Reclamos" of the factura electrónica. */
export const SII_CLAIMS_URL = 'https://www.sii.cl';

export const CLAIM_REASON_LABELS: Record<ClaimReason, string> = {
  CONTENIDO: 'Reclamo al contenido del documento',
  FALTA_PARCIAL: 'Falta parcial de mercaderías',
  FALTA_TOTAL: 'Falta total de mercaderías',
};

export const CLAIM_TEXTS = {
  /** What the claim dialog and the answer say: the portal's claim is a notice, the legal one is the SII's. */
  siiNotice:
    'Su reclamo queda registrado ante el mayorista. El reclamo legal de la factura (Ley 19.983) se registra en el SII, dentro del mismo plazo de 8 días: sii.cl › Servicios online › Factura electrónica › Registro de reclamos y acuse de recibo.',
  siiLinkLabel: 'Registrar el reclamo en el SII',
  recorded: 'Reclamo de la factura {folio} registrado. Lo enviamos a {brand}.',
  /** {date}: the window's last day (dd-mm-aaaa). */
  windowClosed: 'El plazo de 8 días para reclamar esta factura venció el {date}',
  windowNotOpen: 'Esta factura no puede reclamarse: no tiene fecha de recepción en el SII',
  notClaimable: 'Solo una factura puede reclamarse (no una nota de crédito, de débito ni un anticipo)',
  alreadyClaimed: 'Esta factura ya tiene un reclamo registrado',
  tooManyFiles: 'Puede adjuntar hasta 5 archivos',
  fileTooLarge: 'El archivo {file} excede el tamaño máximo de 10 MB',
  fileType: 'El archivo {file} debe ser una imagen (jpg, png, webp, heic) o un PDF',
  claimNotFound: 'Archivo no encontrado',
  formRequired: 'Envíe el reclamo como formulario (multipart/form-data)',
} as const;

/** The profile's switch of the account's mail alerts (GET/PUT /api/user/account/alerts). */
export const ALERTS_SWITCH_TEXTS = {
  label: 'Avisos de cuenta corriente por correo',
  help: 'Le avisamos por correo de cada factura nueva, de las que vencen en 3 días y de las vencidas, una vez cada una.',
  saved: 'Preferencia de avisos guardada',
} as const;
