import { aliases } from '../../jest.config.js';

// Browser tests: Debian's Chromium (playwright-core) against the built SPA and the API on its embedded default.
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }];

/** @type {import('jest').Config} */
export default {
  rootDir: '../..',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/e2e/**/*.e2e.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: aliases,
  globalSetup: '<rootDir>/test/e2e/globalSetup.ts',
  globalTeardown: '<rootDir>/test/e2e/globalTeardown.ts',
  testTimeout: 60_000,
};
