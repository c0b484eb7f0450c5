import type { CustomerProfile } from '@shared/api/erp';
import type { CompanyDataForm, UpdateProfileRequest } from '@shared/schemas/profile';

// The popups edit this local copy of the profile; only 'Guardar Cambios' sends it (as one event).

export type AddressType = 'B' | 'S';

export interface DraftAddress {
  /** 'B-0', 'S-1': stable within one draft. */
  key: string;
  addressType: AddressType;
  /** The ERP address name: idfactura for billing, iddespacho for dispatch. */
  id: string;
  direccion: string;
  comuna: string;
  idregion: string;
  region: string;
  idpais: string;
  pais: string;
  /** Changed in a popup: only those are sent. */
  edited: boolean;
}

export interface ProfileDraft {
  /** The profile the draft started from: a newer profile (saved, reloaded) replaces the draft. */
  base: CustomerProfile;
  company: CompanyDataForm;
  addresses: DraftAddress[];
}

export function draftFrom(profile: CustomerProfile): ProfileDraft {
  const billing = (profile.factura ?? []).map(
    (a, i): DraftAddress => ({ key: `B-${i}`, addressType: 'B', id: a.idfactura, direccion: a.direccion, comuna: a.comuna, idregion: a.idregion, region: a.region, idpais: a.idpais, pais: a.pais, edited: false }),
  );
  const dispatch = (profile.despacho ?? []).map(
    (a, i): DraftAddress => ({ key: `S-${i}`, addressType: 'S', id: a.iddespacho, direccion: a.direccion, comuna: a.comuna, idregion: a.idregion, region: a.region, idpais: a.idpais, pais: a.pais, edited: false }),
  );
  return { base: profile, company: { giro: profile.giro ?? '', mail: profile.mail ?? '', telefono: profile.telefono ?? '' }, addresses: [...billing, ...dispatch] };
}

export function isDraftDirty(draft: ProfileDraft): boolean {
  const { base, company } = draft;
  return company.giro !== base.giro || company.mail !== base.mail || company.telefono !== base.telefono || draft.addresses.some((a) => a.edited);
}

/** The body of POST /user/b1/update-profile: company data always, addresses only those edited. */
export function toUpdateRequest(draft: ProfileDraft): UpdateProfileRequest {
  return {
    businessPartner: draft.base.idcliente,
    giro: draft.company.giro,
    mail: draft.company.mail,
    telefono: draft.company.telefono,
    direcciones: draft.addresses
      .filter((a) => a.edited)
      .map((a) => ({ iddespacho: a.id, addressType: a.addressType, direccion: a.direccion, comuna: a.comuna, pais: a.idpais, region: a.idregion })),
  };
}

/** R-PROF-2: Bronce 1 star, Silver 2, Gold 3, Premium 4, Elite 5; anything else 0. */
const LEVEL_STARS: Record<string, number> = { bronce: 1, silver: 2, gold: 3, premium: 4, elite: 5 };

export function loyaltyStars(level: string | null | undefined): number {
  return LEVEL_STARS[(level ?? '').trim().toLowerCase()] ?? 0;
}
