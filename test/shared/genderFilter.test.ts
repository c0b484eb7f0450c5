import { GENDER_OPTIONS, matchesGender } from '@shared/genderFilter';

describe('gender filter (spec: case-insensitive contains)', () => {
  it('offers Seleccionar, Masculino, Femenino', () => {
    expect(GENDER_OPTIONS.map((o) => o.label)).toEqual(['Seleccionar', 'Masculino', 'Femenino']);
  });
  it('matches by case-insensitive contains, and everything when nothing is chosen', () => {
    expect(matchesGender('FEMENINO', 'Femenino')).toBe(true);
    expect(matchesGender('Unisex', 'Femenino')).toBe(false);
    expect(matchesGender('Masculino', 'Femenino')).toBe(false);
    expect(matchesGender(undefined, 'Masculino')).toBe(false);
    expect(matchesGender('Unisex', '')).toBe(true);
  });
});
