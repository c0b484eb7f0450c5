import type { AppDeps } from '../../src/server/app';

/** The portal's configuration in a bench: a fixed secret, no SPA unless given, login limits no bench reaches. */
export function benchConfig(overrides: Partial<AppDeps['config']> = {}): AppDeps['config'] {
  return {
    jwtSecret: new TextEncoder().encode('bench-secret-bench-secret-bench-secret-00'),
    tokenTtl: 3600,
    publicUrl: 'http://localhost',
    clientDir: '/nonexistent',
    brandName: 'Bench',
    login: { maxPerAddress: 1000, maxPerRut: 1000, window: '1 minute' },
    ...overrides,
  };
}
