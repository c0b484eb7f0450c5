// How a person of a buying company is named wherever the portal says who did something (orders, mails, lists):
// the full name and the personal rut, or the rut alone for a login that has no name yet (docs/company-people.md).
import { formatRut, isValidRut } from './rut';

/** 'Camila Rojas Pizarro (18.901.234-9)'; '76.123.456-0' when there is no name; '' when there is neither. */
export function personText(person: { name: string | null | undefined; rut: string | null | undefined }): string {
  const rut = person.rut ? (isValidRut(person.rut) ? formatRut(person.rut) : person.rut) : '';
  const name = (person.name ?? '').trim();
  if (!name) return rut;
  return rut ? `${name} (${rut})` : name;
}

/** 'Comercial Los Andes SpA (76.123.456-0)'; the rut alone without a name; the name alone without a rut. */
export function companyText(company: { name: string | null | undefined; rut: string | null | undefined }): string {
  return personText(company);
}

/** The label of who wrote an order for its company: a sales rep while representing it (docs/sales-reps.md). */
export const TAKEN_BY_LABEL = 'Tomado por';

/** 'Tomado por Carolina Ibáñez Rojas' for an order a sales rep wrote; '' for one the company's own person placed. */
export function takenByText(repName: string | null | undefined): string {
  const name = (repName ?? '').trim();
  return name ? `${TAKEN_BY_LABEL} ${name}` : '';
}
