import { aliases } from '../../jest.config.js';

// The cluster tests (npm run test:cluster): the built portal as deployed (cluster.ts: PostgreSQL, three instances,
// HAProxy from Debian) driven by Chromium and by a load of buyers, and the proxy's retry rules on their own.
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }];

/** @type {import('jest').Config} */
export default {
  rootDir: '../..',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/cluster/**/*.cluster.ts'],
  transform: { '^.+\\.ts$': swc },
  // src/server/paths.ts reads import.meta, which CommonJS has not: the server tests' CommonJS twin stands in
  moduleNameMapper: { '^(\\.\\.?/)+paths$': '<rootDir>/test/server/paths.ts', '^@server/paths$': '<rootDir>/test/server/paths.ts', ...aliases },
  globalSetup: '<rootDir>/test/cluster/globalSetup.ts',
  testTimeout: 180_000,
};
