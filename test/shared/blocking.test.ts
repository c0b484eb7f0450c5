import { isBlocked } from '@shared/blocking';

const clear = { morosidad: 'Sin Bloqueo', interes: 'Sin Bloqueo', protesto: 'Sin Bloqueo', prorroga: 'Sin Bloqueo' };

describe('blocked buyer (R-BLOCK-1)', () => {
  it('is not blocked when every flag says Sin Bloqueo', () => {
    expect(isBlocked(clear)).toBe(false);
  });
  it.each(['morosidad', 'interes', 'protesto', 'prorroga'] as const)('is blocked when %s differs from Sin Bloqueo', (flag) => {
    expect(isBlocked({ ...clear, [flag]: 'Bloqueado' })).toBe(true);
  });
  it('does not count an undefined prorroga as blocking', () => {
    expect(isBlocked({ morosidad: 'Sin Bloqueo', interes: 'Sin Bloqueo', protesto: 'Sin Bloqueo' })).toBe(false);
  });
  it('counts a missing morosidad, interes or protesto as blocking, as the rule is written', () => {
    expect(isBlocked({ interes: 'Sin Bloqueo', protesto: 'Sin Bloqueo' })).toBe(true);
  });
  it('is not blocked while no profile is loaded', () => {
    expect(isBlocked(null)).toBe(false);
    expect(isBlocked(undefined)).toBe(false);
  });
});
