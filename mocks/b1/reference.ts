// Reference tables of the demo company: payment terms, countries, states (regions), transports
// (user-defined table @TRANSPORTE) and the product technologies that Items.U_Tecnologias refers to.
import type { B1Country, B1PaymentTermsType, B1State, B1Transport } from './types';

/** Ids 1..8 used in Items.U_Tecnologias ('1,7'). */
export const TECHNOLOGIES: ReadonlyArray<{ id: number; name: string }> = [
  { id: 1, name: 'Secado rápido' },
  { id: 2, name: 'Protección UV' },
  { id: 3, name: 'Antibacterial' },
  { id: 4, name: 'Elasticidad 4 direcciones' },
  { id: 5, name: 'Impermeable' },
  { id: 6, name: 'Térmico' },
  { id: 7, name: 'Respirable' },
  { id: 8, name: 'Antimanchas' },
];

export const PAYMENT_TERMS: B1PaymentTermsType[] = [
  { GroupNumber: 1, PaymentTermsGroupName: 'Contado', NumberOfAdditionalDays: 0 },
  { GroupNumber: 2, PaymentTermsGroupName: 'Cheque', NumberOfAdditionalDays: 30 },
  { GroupNumber: 3, PaymentTermsGroupName: '30 días', NumberOfAdditionalDays: 30 },
  { GroupNumber: 4, PaymentTermsGroupName: '60 días', NumberOfAdditionalDays: 60 },
];

export const COUNTRIES: B1Country[] = [
  { Code: 'AR', Name: 'Argentina' },
  { Code: 'BO', Name: 'Bolivia' },
  { Code: 'CL', Name: 'Chile' },
  { Code: 'PE', Name: 'Perú' },
];

/** The 16 Chilean regions (codes are the roman numerals, 'RM' for Santiago) plus a few foreign ones. */
export const STATES: B1State[] = [
  { Code: 'XV', Country: 'CL', Name: 'Arica y Parinacota' },
  { Code: 'I', Country: 'CL', Name: 'Tarapacá' },
  { Code: 'II', Country: 'CL', Name: 'Antofagasta' },
  { Code: 'III', Country: 'CL', Name: 'Atacama' },
  { Code: 'IV', Country: 'CL', Name: 'Coquimbo' },
  { Code: 'V', Country: 'CL', Name: 'Valparaíso' },
  { Code: 'RM', Country: 'CL', Name: 'Metropolitana de Santiago' },
  { Code: 'VI', Country: 'CL', Name: "Libertador General Bernardo O'Higgins" },
  { Code: 'VII', Country: 'CL', Name: 'Maule' },
  { Code: 'XVI', Country: 'CL', Name: 'Ñuble' },
  { Code: 'VIII', Country: 'CL', Name: 'Biobío' },
  { Code: 'IX', Country: 'CL', Name: 'La Araucanía' },
  { Code: 'XIV', Country: 'CL', Name: 'Los Ríos' },
  { Code: 'X', Country: 'CL', Name: 'Los Lagos' },
  { Code: 'XI', Country: 'CL', Name: 'Aysén del General Carlos Ibáñez del Campo' },
  { Code: 'XII', Country: 'CL', Name: 'Magallanes y de la Antártica Chilena' },
  { Code: 'AR-B', Country: 'AR', Name: 'Buenos Aires' },
  { Code: 'AR-C', Country: 'AR', Name: 'Ciudad Autónoma de Buenos Aires' },
  { Code: 'AR-M', Country: 'AR', Name: 'Mendoza' },
  { Code: 'AR-X', Country: 'AR', Name: 'Córdoba' },
  { Code: 'PE-LIM', Country: 'PE', Name: 'Lima' },
  { Code: 'PE-ARE', Country: 'PE', Name: 'Arequipa' },
  { Code: 'PE-TAC', Country: 'PE', Name: 'Tacna' },
  { Code: 'BO-LP', Country: 'BO', Name: 'La Paz' },
  { Code: 'BO-SC', Country: 'BO', Name: 'Santa Cruz' },
  { Code: 'BO-CB', Country: 'BO', Name: 'Cochabamba' },
];

/** '0001' is the portal's fallback transport (the buyer's own transport / pick-up). */
export const TRANSPORTS: B1Transport[] = [
  { Code: '0001', Name: 'Retiro por transporte propio' },
  { Code: '0002', Name: 'Starken' },
  { Code: '0003', Name: 'Chilexpress' },
  { Code: '0004', Name: 'Blue Express' },
  { Code: '0005', Name: 'Pullman Cargo' },
  { Code: '0006', Name: 'Correos de Chile' },
];
