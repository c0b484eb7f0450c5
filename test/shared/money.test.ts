import { formatCLP, roundPesos } from '@shared/money';
import { fill, homeServiceError, MSG } from '@shared/messages';

describe('money', () => {
  it('shows CLP with $, dot thousands and no decimals', () => {
    expect(formatCLP(1234567)).toBe('$1.234.567');
    expect(formatCLP(0)).toBe('$0');
    expect(formatCLP(999.5)).toBe('$1.000');
  });
  it('rounds half away from zero to whole pesos', () => {
    expect(roundPesos(10.5)).toBe(11);
    expect(roundPesos(10.49)).toBe(10);
    expect(roundPesos(-10.5)).toBe(-11);
  });
});

describe('messages', () => {
  it('fills placeholders and keeps unknown ones', () => {
    expect(fill('No existe correo para notificar a {brand}', { brand: 'Textil' })).toBe('No existe correo para notificar a Textil');
    expect(fill('{a} {b}', { a: 1 })).toBe('1 {b}');
  });
  it('maps service errors as R-GEN-2 says', () => {
    expect(homeServiceError(0, 'x')).toBe(MSG.connectionProblem);
    expect(homeServiceError(404, 'x')).toBe('Not found');
    expect(homeServiceError(500, 'x')).toBe('Internal server error');
    expect(homeServiceError(502, 'Bad gateway')).toBe('Server-side error: 502 Bad gateway');
  });
});

describe('formatDate', () => {
  it('keeps the calendar day of an ERP date (no shift to the previous day in Santiago)', async () => {
    const { formatDate } = await import('@shared/dates');
    expect(formatDate('2025-03-01')).toBe('01-03-2025');
    expect(formatDate('2026-01-01')).toBe('01-01-2026');
    expect(formatDate('')).toBe('');
  });
});
