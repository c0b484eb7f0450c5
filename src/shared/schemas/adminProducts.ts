import * as yup from '../yup';

// Product update (R-ADM-PROD-2, R-ADM-PROD-3). The form and
// POST /admin/products (multipart) run the same schema; the server also checks each file by its content.

export const ADMIN_PRODUCT_MSG = {
  // product list
  listTitle: 'Administración Productos',
  searchLabel: 'Buscar por Sku',
  colSku: 'Sku',
  colDescription: 'Descripción',
  colStatus: 'Estado',
  colEdit: 'Editar',
  updatedBadge: 'Actualizado',
  notUpdatedBadge: 'No Actualizado',
  connectionProblem: 'Problema de conexión, intentarlo mas tarde',
  noProducts: 'Productos no estan creados en SAP B1',
  noMatch: 'Sku no existe o no esta creado',
  // product update
  updateButton: 'Actualizar',
  updatePrompt: 'Desea actualizar el producto?',
  updateConfirm: 'Actualizar',
  updateDecline: 'No Actualizar',
  updated: 'Actualizado!',
  notUpdated: 'Producto no actualizado',
  // fields (offer, genero and percentage messages are not given by the spec)
  optionRequired: 'Debe seleccionar una opción',
  generoRequired: 'El genero es requerido',
  percentageRequired: 'El porcentaje es requerido',
  percentageDigits: 'Debe ser solo números',
  percentageRange: 'El porcentaje debe ser entre 1 y 100',
  sku: 'Sku inválido',
  id: 'Identificador de producto inválido',
  tooLong: 'El texto es demasiado largo',
  // files (R-ADM-PROD-3)
  imageMainRequired: 'Debe indicar una imagen principal',
  imageSecondRequired: 'Debe indicar una segunda imagen',
  imageThirdRequired: 'Debe indicar una tercera imagen',
  technicalSheetRequired: 'Debe indicar la Ficha técnica',
  sizeGuideRequired: 'Debe indicar la Guía de talla',
  tooLargeTitle: 'Excede Tamaño',
  imageTooLarge: 'Alguna imagen excede el tamaño maximo 2MB',
  pdfTooLarge: 'El pdf excede el tamaño maximo 4MB',
  extensionTitle: 'Archivo extensión erronea',
  imageExtension: 'Archivo {file} debe tener extensión JPG o PNG',
  pdfExtension: 'Archivo {file} debe tener extensión PDF',
  // server answers
  oneFilePerField: 'Debe adjuntar un solo archivo por campo',
  unknownFileField: 'Campo de archivo desconocido: {field}',
} as const;

/** Images (main, second, third, size guide): jpg, jpeg or png up to 2 MB. */
export const PRODUCT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Technical sheet: pdf up to 4 MB (the spec's rule says 5 MB, its message 4 MB: the stricter one holds). */
export const PRODUCT_PDF_MAX_BYTES = 4 * 1024 * 1024;
export const PRODUCT_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const PRODUCT_PDF_EXTENSIONS = ['pdf'] as const;

export type ProductFileKind = 'image' | 'pdf';

/** What the checks need of a file: a browser File, or the server's view of an uploaded part. */
export interface FileLike {
  name: string;
  size: number;
}

/** The five file fields of the save payload (R-ADM-PROD-3). */
export const PRODUCT_FILE_FIELDS = ['imageMain', 'imageSecond', 'imageThird', 'sizeGuideFile', 'technicalSheetFilePdf'] as const;
export type ProductFileField = (typeof PRODUCT_FILE_FIELDS)[number];

/** The url fields of the save payload, each holding the current file of a file field ('' when none). */
export type ProductUrlField = 'mainUrlImage' | 'secondUrlImage' | 'thirdUrlImage' | 'sizeGuideUrl' | 'urlTechnicalSheet';

export interface ProductFileSpec {
  kind: ProductFileKind;
  /** The payload field with the current url (the form loads it from GET /admin/products/find/by/sku). */
  urlField: ProductUrlField;
  /** Stored file name is `{sku}{suffix}` (R-ADM-PROD-3). */
  suffix: string;
  requiredMessage: string;
  /** The label of the file picker. */
  label: string;
}

export const PRODUCT_FILES: Record<ProductFileField, ProductFileSpec> = {
  imageMain: { kind: 'image', urlField: 'mainUrlImage', suffix: '.jpg', requiredMessage: ADMIN_PRODUCT_MSG.imageMainRequired, label: 'Imagen principal' },
  imageSecond: { kind: 'image', urlField: 'secondUrlImage', suffix: '_2.jpg', requiredMessage: ADMIN_PRODUCT_MSG.imageSecondRequired, label: 'Segunda imagen' },
  imageThird: { kind: 'image', urlField: 'thirdUrlImage', suffix: '_3.jpg', requiredMessage: ADMIN_PRODUCT_MSG.imageThirdRequired, label: 'Tercera imagen' },
  sizeGuideFile: { kind: 'image', urlField: 'sizeGuideUrl', suffix: '_GUIDE.jpg', requiredMessage: ADMIN_PRODUCT_MSG.sizeGuideRequired, label: 'Guía de talla' },
  technicalSheetFilePdf: { kind: 'pdf', urlField: 'urlTechnicalSheet', suffix: '_ET.pdf', requiredMessage: ADMIN_PRODUCT_MSG.technicalSheetRequired, label: 'Ficha técnica' },
};

/** `{sku}.jpg`, `{sku}_2.jpg`, `{sku}_3.jpg`, `{sku}_GUIDE.jpg`, `{sku}_ET.pdf`. */
export function productFileName(sku: string, field: ProductFileField): string {
  return `${sku}${PRODUCT_FILES[field].suffix}`;
}

/** `accept` of the file pickers. */
export const PRODUCT_ACCEPT: Record<ProductFileKind, string> = {
  image: '.jpg,.jpeg,.png,image/jpeg,image/png',
  pdf: '.pdf,application/pdf',
};

/** Offer genero choices: 'Femenino' offers show in home's women tab, the others in the men tab. */
export const PRODUCT_GENEROS = ['Femenino', 'Masculino', 'Unisex'] as const;

export const extensionOf = (name: string): string => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');

/** A rejected file: the dialog title ('Excede Tamaño' / 'Archivo extensión erronea') and its text. */
export interface FileProblem {
  title: string;
  message: string;
}

/** Extension first, then size, with the spec's texts; null when the file passes (the server also reads the content). */
export function fileProblem(kind: ProductFileKind, file: FileLike): FileProblem | null {
  const image = kind === 'image';
  const allowed: readonly string[] = image ? PRODUCT_IMAGE_EXTENSIONS : PRODUCT_PDF_EXTENSIONS;
  if (!allowed.includes(extensionOf(file.name))) {
    const text = image ? ADMIN_PRODUCT_MSG.imageExtension : ADMIN_PRODUCT_MSG.pdfExtension;
    return { title: ADMIN_PRODUCT_MSG.extensionTitle, message: text.replace('{file}', file.name) };
  }
  if (file.size > (image ? PRODUCT_IMAGE_MAX_BYTES : PRODUCT_PDF_MAX_BYTES)) {
    return { title: ADMIN_PRODUCT_MSG.tooLargeTitle, message: image ? ADMIN_PRODUCT_MSG.imageTooLarge : ADMIN_PRODUCT_MSG.pdfTooLarge };
  }
  return null;
}

/** The message of `fileProblem`, for a form field. */
export function fileError(kind: ProductFileKind, file: FileLike | null | undefined): string | null {
  return file ? (fileProblem(kind, file)?.message ?? null) : null;
}

/** A file field: required unless the record already has that file (its url field is set). */
function fileField(field: ProductFileField) {
  const spec = PRODUCT_FILES[field];
  return yup
    .mixed<FileLike>()
    .nullable()
    .optional()
    .test('required', spec.requiredMessage, function required(value) {
      const url = (this.parent as Record<string, unknown>)[spec.urlField];
      return Boolean(value) || (typeof url === 'string' && url.trim() !== '');
    })
    .test('file', spec.requiredMessage, function valid(value) {
      const message = fileError(spec.kind, value);
      return message ? this.createError({ message }) : true;
    });
}

/** 'true'/'false' from a form or a multipart field, or a boolean; '' is "not chosen". */
const flag = () =>
  yup
    .boolean()
    .transform((value, original) => (original === '' ? undefined : value))
    .typeError(ADMIN_PRODUCT_MSG.optionRequired)
    .required(ADMIN_PRODUCT_MSG.optionRequired);

const url = () => yup.string().trim().max(300, ADMIN_PRODUCT_MSG.tooLong).default('');

/** Digits only: '15' or 15; '' is "missing", '1.5', '-3' or 'abc' are not digits. */
const percentage = yup
  .number()
  .transform((value, original) => {
    if (original === '' || original === null || original === undefined) return undefined;
    if (typeof original === 'string') return /^\s*\d+\s*$/.test(original) ? Number(original) : Number.NaN;
    return value;
  })
  .typeError(ADMIN_PRODUCT_MSG.percentageDigits)
  .integer(ADMIN_PRODUCT_MSG.percentageDigits)
  .min(1, ADMIN_PRODUCT_MSG.percentageRange)
  .max(100, ADMIN_PRODUCT_MSG.percentageRange);

/**
 * The Product update form and the text fields plus files of POST /admin/products. With offer false, genero and
 * percentage are not checked (the fields are disabled) and the server stores '' and 0.
 */
export const productUpdateSchema = yup.object({
  id: yup
    .number()
    .transform((value, original) => (original === '' || original === null ? undefined : value))
    .typeError(ADMIN_PRODUCT_MSG.id)
    .integer(ADMIN_PRODUCT_MSG.id)
    .min(0, ADMIN_PRODUCT_MSG.id)
    .max(2 ** 31 - 1, ADMIN_PRODUCT_MSG.id)
    .optional(),
  sku: yup.string().trim().required(ADMIN_PRODUCT_MSG.sku).max(50, ADMIN_PRODUCT_MSG.sku).matches(/^[\w.-]+$/, ADMIN_PRODUCT_MSG.sku),
  name: yup.string().trim().max(200, ADMIN_PRODUCT_MSG.tooLong).default(''),
  offer: flag(),
  genero: yup
    .string()
    .trim()
    .default('')
    .when('offer', {
      is: true,
      then: (s) => s.required(ADMIN_PRODUCT_MSG.generoRequired).oneOf(PRODUCT_GENEROS, ADMIN_PRODUCT_MSG.generoRequired),
      otherwise: (s) => s.max(20, ADMIN_PRODUCT_MSG.tooLong),
    }),
  percentage: yup.mixed<number | string>().when('offer', {
    is: true,
    then: () => percentage.required(ADMIN_PRODUCT_MSG.percentageRequired),
    otherwise: (s) => s.nullable().optional(),
  }),
  enabled: flag(),
  mainUrlImage: url(),
  secondUrlImage: url(),
  thirdUrlImage: url(),
  urlTechnicalSheet: url(),
  sizeGuideUrl: url(),
  imageMain: fileField('imageMain'),
  imageSecond: fileField('imageSecond'),
  imageThird: fileField('imageThird'),
  sizeGuideFile: fileField('sizeGuideFile'),
  technicalSheetFilePdf: fileField('technicalSheetFilePdf'),
});

/** The form's values (files are browser File objects on the client, `{name, size}` views on the server). */
export interface ProductUpdateForm<F extends FileLike = FileLike> {
  id?: number;
  sku: string;
  name: string;
  offer: boolean | '';
  genero: string;
  percentage: number | string;
  enabled: boolean | '';
  mainUrlImage: string;
  secondUrlImage: string;
  thirdUrlImage: string;
  urlTechnicalSheet: string;
  sizeGuideUrl: string;
  imageMain?: F | null;
  imageSecond?: F | null;
  imageThird?: F | null;
  sizeGuideFile?: F | null;
  technicalSheetFilePdf?: F | null;
}

/** What the schema answers for valid input: offer data normalized (no offer: genero '' and percentage 0). */
export interface ValidProductUpdate {
  sku: string;
  name: string;
  offer: boolean;
  genero: string;
  percentage: number;
  enabled: boolean;
}

export function normalizeProductUpdate(valid: yup.InferType<typeof productUpdateSchema>): ValidProductUpdate {
  const offer = Boolean(valid.offer);
  return {
    sku: valid.sku,
    name: valid.name ?? '',
    offer,
    genero: offer ? (valid.genero ?? '') : '',
    percentage: offer ? Number(valid.percentage) : 0,
    enabled: Boolean(valid.enabled),
  };
}

/** GET /admin/products/status?skus=A,B: at most this many skus per request (a page of the list is 10). */
export const MAX_STATUS_SKUS = 500;

export const productStatusQuery = yup.object({
  skus: yup
    .string()
    .trim()
    .max(MAX_STATUS_SKUS * 51, ADMIN_PRODUCT_MSG.sku)
    .test('skus', ADMIN_PRODUCT_MSG.sku, (value) => {
      if (!value) return true;
      const skus = value.split(',').map((s) => s.trim());
      return skus.length <= MAX_STATUS_SKUS && skus.every((s) => /^[\w.-]{1,50}$/.test(s));
    })
    .optional(),
});
