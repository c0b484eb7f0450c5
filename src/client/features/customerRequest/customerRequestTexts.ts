// Texts of the customer creation request that the spec does not fix (group titles, accessible names). The spec's
// own texts and the field labels are CUSTOMER_REQUEST_MSG and CUSTOMER_REQUEST_LABELS in src/shared/schemas.

export const CUSTOMER_REQUEST_TEXT = {
  intro: 'Complete los datos de su empresa; la solicitud se envía por correo para su evaluación.',
  companyGroup: 'Datos Empresa',
  legalGroup: 'Representante Legal',
  contactGroup: 'Contacto',
  taxGroup: 'Datos Tributarios',
  cellphonePrefix: '+569',
  submit: 'Enviar',
  sending: 'Enviando solicitud',
  accept: 'Aceptar',
  errorIcon: 'Error',
} as const;
