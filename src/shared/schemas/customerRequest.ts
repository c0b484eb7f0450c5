import * as yup from '../yup';
import { isValidRut } from '../rut';

// The customer creation request ('Ficha de Registro de Cliente', R-REQ-1, R-REQ-2): the
// visitor's form and the body of POST /user/sendmail. Every field is required; messages are the spec's, word for word.

export const CUSTOMER_REQUEST_MSG = {
  companyNameRequired: 'La razón social es requerida',
  rutRequired: 'Rut es requerido',
  rutInvalid: 'Rut es invalido',
  addressRequired: 'Dirección requerida',
  regionRequired: 'región requerida',
  communeRequired: 'Comuna es requerida',
  cityRequired: 'Ciudad es requerida',
  telephoneRequired: 'Teléfono es requerida',
  telephoneDigits: 'Teléfono es solo números',
  cellphoneRequired: 'Teléfono Movil es requerido',
  cellphoneDigits: 'Teléfono Movil es solo números',
  cellphoneMin: 'Teléfono Movil es mínimo de 8 digitos',
  cellphoneMax: 'Teléfono Movil es un máximo de 8 digitos',
  giroRequired: 'Giro es requerido',
  legalRepresentativeRequired: 'Representante Legal es requerida',
  rutLegalRepresentativeRequired: 'Rut representante es requerida',
  rutLegalRepresentativeInvalid: 'Rut representante es invalido',
  emailRequired: 'Email es requerido',
  emailInvalid: 'El email no tiene el formato correcto',
  nameContactRequired: 'Nombre de contacto es requerido',
  rutContactRequired: 'Rut contacto es requerido',
  rutContactInvalid: 'Rut contacto es invalido',
  cargoContactRequired: 'Cargo Contacto es requerido',
  telephoneContactRequired: 'Teléfono contacto es requerido',
  // not in the spec's list: the contact telephone is digits only like the company's
  telephoneContactDigits: 'Teléfono contacto es solo números',
  emailContactRequired: 'Email de contacto es requerido',
  emailContactInvalid: 'Email de contacto es invalido',
  codeTaxRequired: 'Código tributario es requerido',
  passwordTaxRequired: 'Clave tributaria es requerido',
  tooLong: 'El texto es demasiado largo',
  section: 'La solicitud de creación de cliente se envía a la sección CREATION_USER',
  // screen (R-REQ-3)
  title: 'Ficha de Registro de Cliente',
  dialogTitle: 'Solicitud Creación Cliente',
  prompt: 'Deseas enviar solicitud?',
  confirm: 'Enviar solicitud',
  decline: 'No Enviar solicitud',
  declined: 'Solicitud no enviada!!',
  sent: 'Enviado correo a {brand}!!',
  noRecipient: 'No existe correo para notificar a {brand}',
  tooManyRequests: 'Se enviaron demasiadas solicitudes desde esta dirección. Espere unos minutos e inténtelo de nuevo.',
} as const;

const M = CUSTOMER_REQUEST_MSG;

const text = (required: string, max = 100) => yup.string().trim().required(required).max(max, M.tooLong);
const rut = (required: string, invalid: string) => text(required, 20).test('rut', invalid, (v) => !v || isValidRut(v));
const telephone = (required: string, digits: string) => text(required, 20).matches(/^\d+$/, digits);
/** Exactly 8 digits: the form shows the +569 prefix. */
const cellphone = () =>
  yup.string().trim().required(M.cellphoneRequired).matches(/^\d+$/, M.cellphoneDigits).min(8, M.cellphoneMin).max(8, M.cellphoneMax);
const email = (required: string, invalid: string) => yup.string().trim().required(required).email(invalid).max(254, invalid);

/** The request form; also the body of POST /user/sendmail (senderTo is ignored: the server picks the recipient). */
export const customerRequestSchema = yup.object({
  companyName: text(M.companyNameRequired, 200),
  rutCompany: rut(M.rutRequired, M.rutInvalid),
  addressCompany: text(M.addressRequired, 300),
  region: text(M.regionRequired),
  city: text(M.cityRequired),
  commune: text(M.communeRequired),
  telephone: telephone(M.telephoneRequired, M.telephoneDigits),
  cellphone: cellphone(),
  giro: text(M.giroRequired, 200),
  legalRepresentative: text(M.legalRepresentativeRequired, 200),
  rutLegalRepresentative: rut(M.rutLegalRepresentativeRequired, M.rutLegalRepresentativeInvalid),
  emailRepresentative: email(M.emailRequired, M.emailInvalid),
  nameContactCompany: text(M.nameContactRequired, 200),
  rutContactCompany: rut(M.rutContactRequired, M.rutContactInvalid),
  cargoContactCompany: text(M.cargoContactRequired),
  telephoneContactCompany: telephone(M.telephoneContactRequired, M.telephoneContactDigits),
  cellphoneContactCompany: cellphone(),
  emailContactCompany: email(M.emailContactRequired, M.emailContactInvalid),
  codeTax: text(M.codeTaxRequired),
  // not trimmed: a password is taken as typed
  passwordTax: yup.string().required(M.passwordTaxRequired).max(100, M.tooLong),
  section: yup
    .string()
    .transform((value, original) => (original === '' || original === null ? undefined : value))
    .oneOf(['CREATION_USER'], M.section)
    .optional(),
});
export type CustomerRequestForm = yup.InferType<typeof customerRequestSchema>;

/** Field labels, in the form's order: the screen's labels and the mail's rows. */
export const CUSTOMER_REQUEST_LABELS: Record<Exclude<keyof CustomerRequestForm, 'section'>, string> = {
  companyName: 'Razón Social',
  rutCompany: 'Rut Empresa',
  addressCompany: 'Dirección',
  region: 'Región',
  city: 'Ciudad',
  commune: 'Comuna',
  telephone: 'Teléfono',
  cellphone: 'Teléfono Móvil',
  giro: 'Giro',
  legalRepresentative: 'Representante Legal',
  rutLegalRepresentative: 'Rut Representante Legal',
  emailRepresentative: 'Email Representante Legal',
  nameContactCompany: 'Nombre Contacto',
  rutContactCompany: 'Rut Contacto',
  cargoContactCompany: 'Cargo Contacto',
  telephoneContactCompany: 'Teléfono Contacto',
  cellphoneContactCompany: 'Teléfono Móvil Contacto',
  emailContactCompany: 'Email Contacto',
  codeTax: 'Código tributario',
  passwordTax: 'Clave tributaria',
};
