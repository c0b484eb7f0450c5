import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

// Architecture rule: a feature (src/client/features/<name>) never imports another feature;
// flows that span features live in src/client/app.
const featureBoundaries = {
  meta: { type: 'problem', messages: { cross: 'La feature "{{from}}" no puede importar la feature "{{to}}": compónganse en src/client/app.' } },
  create(context) {
    const file = context.filename.split(path.sep).join('/');
    const own = /\/src\/client\/features\/([^/]+)\//.exec(file)?.[1];
    if (!own) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      let target;
      if (source.startsWith('.')) target = path.resolve(path.dirname(context.filename), source).split(path.sep).join('/');
      else if (source.startsWith('@client/')) target = `/src/client/${source.slice('@client/'.length)}`;
      else return;
      const other = /\/src\/client\/features\/([^/]+)/.exec(target)?.[1];
      if (other && other !== own) context.report({ node, messageId: 'cross', data: { from: own, to: other } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

// yup is imported from src/shared/yup.ts, which sets its Spanish default messages before any schema is declared.
const YUP_THROUGH_LOCALE = { name: 'yup', message: "Importa yup desde '@shared/yup' (o '../yup' en src/shared): fija sus mensajes en español." };

// Server layers: routes → service → repo. Only a repository (`*.repo.ts`) and src/server/db run SQL, so only they
// import drizzle-orm or the tables of db/schema.ts as values; anyone may import the row types (`import type`).
const SQL_ONLY_IN_REPOS = {
  patterns: [
    { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Solo un repositorio (*.repo.ts) o src/server/db usa drizzle-orm: mueve la consulta al repo del dominio.' },
    { group: ['**/db/schema', '@server/db/schema'], allowTypeImports: true, message: 'Las tablas se consultan solo en un repositorio (*.repo.ts); aquí importa solo tipos (import type).' },
  ],
};

// What survives a page load is state (the session and kept slices): only src/client/app/persistence.ts touches the
// browser's storage; test/client/app/storageGuard.test.ts checks the same on every file.
const STORAGE_MESSAGE = 'Solo src/client/app/persistence.ts toca el almacenamiento del navegador: guarda el valor en el store (slice kept, app/sessionKeys.ts).';
const BROWSER_STORAGES = ['sessionStorage', 'localStorage'];
const STORAGE_GLOBALS = BROWSER_STORAGES.map((name) => ({ name, message: STORAGE_MESSAGE }));
const STORAGE_PROPERTIES = ['window', 'globalThis', 'self'].flatMap((object) => BROWSER_STORAGES.map((property) => ({ object, property, message: STORAGE_MESSAGE })));

export default tseslint.config(
  { ignores: ['dist/**', '.tmp/**', 'node_modules/**', 'data/**', 'coverage/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, portal: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'portal/feature-boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': ['error', { paths: [YUP_THROUGH_LOCALE] }],
    },
  },
  {
    // src/shared runs on both sides: no React, no Node, no server or client code.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [YUP_THROUGH_LOCALE],
        patterns: [
          { group: ['react', 'react-*', '@mui/*', 'redux-saga', 'redux-saga/*', '@reduxjs/*'], message: 'src/shared no puede depender de React ni del cliente.' },
          { group: ['node:*', 'fs', 'path', 'crypto', 'fastify', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*'], message: 'src/shared no puede depender de Node ni del servidor.' },
          { group: ['**/client/**', '**/server/**', '**/mocks/**', '@client/*', '@server/*', '@mocks/*'], message: 'src/shared no importa código de cliente ni servidor.' },
        ],
      }],
    },
  },
  { files: ['src/shared/yup.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    // The SPA never reaches into the server, and the server never into the SPA.
    files: ['src/client/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [YUP_THROUGH_LOCALE], patterns: [{ group: ['**/server/**', '**/mocks/**', '@server/*', '@mocks/*', 'node:*'], message: 'El cliente no importa código del servidor.' }] }] },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/app/persistence.ts'],
    rules: { 'no-restricted-globals': ['error', ...STORAGE_GLOBALS], 'no-restricted-properties': ['error', ...STORAGE_PROPERTIES] },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/embedded.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [YUP_THROUGH_LOCALE], patterns: [{ group: ['**/client/**', '**/mocks/**', '@client/*', '@mocks/*'], message: 'Solo src/server/embedded.ts puede usar mocks/.' }] }] },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.repo.ts', 'src/server/db/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', SQL_ONLY_IN_REPOS] },
  },
  {
    // A route's body, query and parameters take their types from the schemas that validate them (YupTypeProvider in
    // plugins/validation.ts), never from a hand-written generic that could say something else.
    files: ['src/server/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "CallExpression[callee.property.name=/^(get|post|put|patch|delete|route)$/][typeArguments]",
        message: 'Declara la ruta con app.withTypeProvider<YupTypeProvider>() y sus esquemas: los tipos salen de ellos.',
      }],
    },
  },
);
