import { checkDigit, cleanRut, compactRut, formatRut, isValidRut } from '@shared/rut';

describe('rut (R-RUT-1)', () => {
  it('computes the check digit with weights 2..7 from the right', () => {
    expect(checkDigit('76123456')).toBe('0'); // remainder 0 -> 0
    expect(checkDigit('77345678')).toBe('K'); // remainder 1 -> K
    expect(checkDigit('11111111')).toBe('1');
    expect(checkDigit('78456789')).toBe('3');
  });

  it('accepts valid ruts in any writing and rejects a mismatch', () => {
    expect(isValidRut('76.123.456-0')).toBe(true);
    expect(isValidRut('76123456-0')).toBe(true);
    expect(isValidRut('77.345.678-k')).toBe(true);
    expect(isValidRut('77345678K')).toBe(true);
    expect(isValidRut('76.123.456-1')).toBe(false);
    expect(isValidRut('77.345.678-0')).toBe(false);
    expect(isValidRut('')).toBe(false);
    expect(isValidRut('K')).toBe(false);
    expect(isValidRut(undefined)).toBe(false);
  });

  it('formats as dotted digits, dash and upper-case check digit, also while typing', () => {
    expect(formatRut('773456780')).toBe('77.345.678-0');
    expect(formatRut('77345678k')).toBe('77.345.678-K');
    expect(formatRut('7')).toBe('7');
    expect(formatRut('76')).toBe('7-6');
    expect(formatRut('7612')).toBe('761-2');
    expect(formatRut('76.123.456-0')).toBe('76.123.456-0');
  });

  it('sends digits, dash and check digit without dots', () => {
    expect(compactRut('76.123.456-0')).toBe('76123456-0');
    expect(compactRut('77.345.678-k')).toBe('77345678-K');
    expect(cleanRut(' 76.123.456-0 ')).toBe('761234560');
  });
});
