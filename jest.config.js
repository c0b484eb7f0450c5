// Two projects: the SPA in a jsdom that keeps fetch/TextEncoder (react-router 7 needs them), and the server in node.
// @swc/jest compiles TS to CommonJS; the ESM-only packages below are compiled too.
const swc = ['@swc/jest', {
  jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
  module: { type: 'commonjs' },
}];
const esmOnly = ['jose', 'file-type', 'strtok3', 'token-types', '@tokenizer', 'uint8array-extras', '@borewit',
  'cookie', 'content-disposition', '@electric-sql/pglite'];
/** tsconfig.json's paths. */
export const aliases = {
  '^@shared/(.*)$': '<rootDir>/src/shared/$1',
  '^@server/(.*)$': '<rootDir>/src/server/$1',
  '^@client/(.*)$': '<rootDir>/src/client/$1',
  '^@mocks/(.*)$': '<rootDir>/mocks/$1',
};
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.(mjs|cjs)$': swc },
  moduleNameMapper: {
    '^file-type$': '<rootDir>/node_modules/file-type/index.js',
    '(^|/)app/env$': '<rootDir>/test/client/env.ts',
    '^(\\.\\.?/)+paths$': '<rootDir>/test/server/paths.ts',
    '^@server/paths$': '<rootDir>/test/server/paths.ts',
    ...aliases,
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
};

/** @type {import('jest').Config} */
export default {
  // every core (Jest's default leaves one to its own process, which idles: on a 2-core machine that meant one worker)
  maxWorkers: '100%',
  projects: [
    {
      ...common,
      displayName: 'client',
      testEnvironment: 'jest-fixed-jsdom',
      testMatch: ['<rootDir>/test/client/**/*.test.ts?(x)', '<rootDir>/test/shared/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/client/setup.ts'],
    },
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/server/**/*.test.ts', '<rootDir>/test/mocks/**/*.test.ts'],
      setupFiles: ['<rootDir>/test/server/setup-env.ts'],
      // a test that waits on the database or a stand-in may take more than Jest's 5 s on a loaded CI machine
      testTimeout: 20_000,
      // once per run: the migrated database template and the demo hashes each test file starts from (docs/testing.md)
      globalSetup: '<rootDir>/test/server/globalSetup.ts',
      globalTeardown: '<rootDir>/test/server/globalTeardown.ts',
    },
  ],
};
