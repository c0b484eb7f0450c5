import * as yup from '../yup';

// Profile edits (spec: Datos Empresa popup, Direcciones popups, POST /user/b1/update-profile).

export const PROFILE_MSG = {
  giroRequired: 'Giro es requerido',
  emailRequired: 'Email es requerido',
  emailInvalid: 'El email no tiene el formato correcto',
  phoneRequired: 'Teléfono es requerido',
  phoneDigits: 'Teléfono es solo números',
  addressRequired: 'Dirección requerida',
  communeRequired: 'Comuna es requerida',
  countryRequired: 'País es requerido',
  regionRequired: 'región requerida',
  regionOfCountry: 'La región no pertenece al país seleccionado',
} as const;

export const companyDataSchema = yup.object({
  giro: yup.string().trim().required(PROFILE_MSG.giroRequired).max(100),
  mail: yup.string().trim().required(PROFILE_MSG.emailRequired).email(PROFILE_MSG.emailInvalid).max(100),
  telefono: yup.string().trim().required(PROFILE_MSG.phoneRequired).matches(/^\d+$/, PROFILE_MSG.phoneDigits).max(20, PROFILE_MSG.phoneDigits),
});

export const addressSchema = yup.object({
  /** ERP address name; empty for a new address. */
  iddespacho: yup.string().trim().max(50).default(''),
  addressType: yup.string().oneOf(['B', 'S']).required(),
  direccion: yup.string().trim().required(PROFILE_MSG.addressRequired).max(100),
  comuna: yup.string().trim().required(PROFILE_MSG.communeRequired).max(100),
  pais: yup.string().trim().required(PROFILE_MSG.countryRequired).max(3),
  region: yup.string().trim().required(PROFILE_MSG.regionRequired).max(10),
});

export const updateProfileSchema = companyDataSchema.shape({
  businessPartner: yup.string().trim().required().max(15),
  direcciones: yup.array(addressSchema).max(20).default([]),
});

export type CompanyDataForm = yup.InferType<typeof companyDataSchema>;
export type AddressForm = yup.InferType<typeof addressSchema>;
export type UpdateProfileRequest = yup.InferType<typeof updateProfileSchema>;
