import { aliases } from '../../jest.config.js';

// Browser tests: Debian's Chromium (playwright-core) against the built SPA and the API on its embedded default.
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }];

/** @type {import('jest').Config} */
export default {
  rootDir: '../..',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/e2e/**/*.e2e.ts'],
  transform: { '^.+\\.ts$': swc },
  // src/server/paths.ts reads import.meta, which CommonJS has not: the server tests' CommonJS twin stands in
  moduleNameMapper: { '^(\\.\\.?/)+paths$': '<rootDir>/test/server/paths.ts', ...aliases },
  globalSetup: '<rootDir>/test/e2e/globalSetup.ts',
  globalTeardown: '<rootDir>/test/e2e/globalTeardown.ts',
  testSequencer: '<rootDir>/test/e2e/sequencer.js',
  testTimeout: 60_000,
};
