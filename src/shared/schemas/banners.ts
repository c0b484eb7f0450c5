import * as yup from '../yup';
import { extensionOf, type FileLike, type FileProblem } from './adminProducts';

// The home banner set (R-ADM-BAN-1, R-ADM-BAN-2): three
// images, one set at most. The forms and POST /admin/banners (multipart) run the same schema; the server also
// checks each file by its content.

export const BANNER_MSG = {
  listTitle: 'Administración Banner',
  colBanner1: 'Banner 1',
  colBanner2: 'Banner 2',
  colBanner3: 'Banner 3',
  colEdit: 'Editar',
  colDelete: 'Eliminar',
  create: 'Crear',
  empty: 'No hay items cargados',
  createTitle: 'Cargar Imagen Banner',
  updateTitle: 'Actualizar Imagen Banner',
  sizeNote: 'Los archivos deben pesar como máximo 2MB',
  uploadPrompt: 'Deseas cargar los archivos?',
  uploadConfirm: 'Cargar',
  uploadDecline: 'No Cargar',
  uploaded: 'Cargados!',
  notUploaded: 'Archivos no cargados',
  deletePrompt: 'Deseas eliminar?',
  deleteConfirm: 'Eliminar',
  deleteDecline: 'No eliminar',
  deleted: 'Eliminado!',
  notDeleted: 'No eliminado',
  // files (R-ADM-BAN-2, word for word)
  requiredTitle: 'Campo obligatorio',
  required1: 'Se debe adjuntar un archivo en Banner',
  required2: 'Se debe adjuntar un archivo en Banner 2',
  required3: 'Se debe adjuntar un archivo en Banner 3',
  tooLargeTitle: 'Excede Tamaño',
  tooLarge: 'Tamaño maximo 2MB',
  extensionTitle: 'Archivo extensión erronea',
  extension: 'Archivo de tener extesión JPG o PNG',
  // server answers
  id: 'Identificador de banner inválido',
  notFound: 'Banner no encontrado',
  setExists: 'Ya existe un banner cargado: edítelo o elimínelo antes de crear otro',
  nothingToUpdate: 'Debe adjuntar al menos un archivo',
  oneFilePerField: 'Debe adjuntar un solo archivo por campo',
  unknownFileField: 'Campo de archivo desconocido: {field}',
} as const;

/** Each banner image: jpg, jpeg or png up to 2 MB (the spec's rule says 3 MB, its message 2 MB: the stricter one holds). */
export const BANNER_MAX_BYTES = 2 * 1024 * 1024;
export const BANNER_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const BANNER_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

/** The three file fields of POST /admin/banners, in order (Banner 1, 2, 3). */
export const BANNER_FILE_FIELDS = ['bannerImageFile', 'bannerImage2File', 'bannerImage3File'] as const;
export type BannerFileField = (typeof BANNER_FILE_FIELDS)[number];

/** The url each file field replaces in the banner record. */
export const BANNER_URL_FIELDS: Record<BannerFileField, 'urlBannerImage' | 'urlBannerImage2' | 'urlBannerImage3'> = {
  bannerImageFile: 'urlBannerImage',
  bannerImage2File: 'urlBannerImage2',
  bannerImage3File: 'urlBannerImage3',
};

export const BANNER_REQUIRED: Record<BannerFileField, string> = {
  bannerImageFile: BANNER_MSG.required1,
  bannerImage2File: BANNER_MSG.required2,
  bannerImage3File: BANNER_MSG.required3,
};

/** Each file's own extension, then its size; null when it passes (the server also reads the content). */
export function bannerFileProblem(file: FileLike): FileProblem | null {
  if (!(BANNER_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return { title: BANNER_MSG.extensionTitle, message: BANNER_MSG.extension };
  if (file.size > BANNER_MAX_BYTES) return { title: BANNER_MSG.tooLargeTitle, message: BANNER_MSG.tooLarge };
  return null;
}

export function bannerFileError(file: FileLike | null | undefined): string | null {
  return file ? (bannerFileProblem(file)?.message ?? null) : null;
}

/** An empty, null or 0 id means "create": then all three files are required. */
const optionalId = yup
  .number()
  .transform((value, original) => (original === '' || original === null || original === 0 || original === '0' ? undefined : value))
  .typeError(BANNER_MSG.id)
  .integer(BANNER_MSG.id)
  .positive(BANNER_MSG.id)
  .max(2 ** 31 - 1, BANNER_MSG.id)
  .optional();

function bannerFile(field: BannerFileField) {
  return yup
    .mixed<FileLike>()
    .nullable()
    .optional()
    .test('required', BANNER_REQUIRED[field], function required(value) {
      const creating = !(this.parent as { id?: number }).id;
      return !creating || Boolean(value);
    })
    .test('file', BANNER_MSG.extension, function valid(value) {
      const message = bannerFileError(value);
      return message ? this.createError({ message }) : true;
    });
}

/** Banner creation (no id: all three files) and update (an id: each file optional). */
export const bannerSchema = yup.object({
  id: optionalId,
  nameFile: yup.string().trim().max(200).default(''),
  bannerImageFile: bannerFile('bannerImageFile'),
  bannerImage2File: bannerFile('bannerImage2File'),
  bannerImage3File: bannerFile('bannerImage3File'),
});

export interface BannerForm<F extends FileLike = FileLike> {
  id?: number;
  nameFile?: string;
  bannerImageFile?: F | null;
  bannerImage2File?: F | null;
  bannerImage3File?: F | null;
}

export const bannerIdParams = yup.object({
  id: yup.number().typeError(BANNER_MSG.id).required(BANNER_MSG.id).integer(BANNER_MSG.id).positive(BANNER_MSG.id).max(2 ** 31 - 1, BANNER_MSG.id),
});
