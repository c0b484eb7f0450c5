// The gender filter of the catalogue list and the search results (R-CAT-2, R-SRCH-2).

export type GenderFilter = '' | 'Masculino' | 'Femenino';

/** '' is 'Seleccionar' (no filter). */
export const GENDER_OPTIONS: { value: GenderFilter; label: string }[] = [
  { value: '', label: 'Seleccionar' },
  { value: 'Masculino', label: 'Masculino' },
  { value: 'Femenino', label: 'Femenino' },
];

/** Case-insensitive contains; no filter chosen matches everything. */
export function matchesGender(genero: string | null | undefined, filter: GenderFilter): boolean {
  return !filter || (genero ?? '').toLowerCase().includes(filter.toLowerCase());
}
