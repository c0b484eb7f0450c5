// Response shapes the client reads that src/shared/api/types.ts does not hold yet.
// CustomerProfile belongs in src/shared/api/types.ts once the profile endpoint is built there.
import type { BlockingFlags } from '../../shared/blocking';

export interface ProfileAddress {
  direccion: string;
  comuna: string;
  idregion: string | number;
  region: string;
  idpais: string | number;
  pais: string;
}
export interface InvoiceAddress extends ProfileAddress {
  idfactura: string | number;
  predeterminado: 'Y' | 'N';
}
export interface DispatchAddress extends ProfileAddress {
  iddespacho: string | number;
}

/** The ERP profile of a buyer (spec section 3), kept in session storage as `profile`. */
export interface CustomerProfile extends BlockingFlags {
  idcliente: string;
  rut: string;
  nombre: string;
  giro: string;
  mail: string;
  telefono: string;
  condpago: string;
  credAprob: number;
  limitecred: number;
  descFidel: number;
  fidelizacion: string;
  morosidad: string;
  interes: string;
  protesto: string;
  prorroga?: string;
  factura: InvoiceAddress[];
  despacho: DispatchAddress[];
}
