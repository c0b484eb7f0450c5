import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

// What survives a page load is state (the session and kept slices, app/persistence.ts), so that Redux DevTools and a
// QA scenario's replay see and restore it: no file of the SPA but app/persistence.ts touches the browser's storage.
// The same rule is in eslint.config.js (no-restricted-globals, no-restricted-properties); this test also catches what a
// lint-disable comment would let through.

const ROOT = join(__dirname, '..', '..', '..');
const CLIENT = join(ROOT, 'src', 'client');
const OWNER = 'src/client/app/persistence.ts';
const STORAGES = new Set(['sessionStorage', 'localStorage']);

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sources(path, out);
    else if (/\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** Where a file names the browser's storage in code (identifiers, `x['sessionStorage']`), as `file:line`; comments do not count. */
function storageUses(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const named =
      (ts.isIdentifier(node) && STORAGES.has(node.text)) ||
      (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression) && STORAGES.has(node.argumentExpression.text));
    if (named) found.push(`${fileName}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('only app/persistence.ts touches the browser’s storage', () => {
  it('no other file under src/client names sessionStorage or localStorage', () => {
    const files = sources(CLIENT).map((path) => relative(ROOT, path).split(sep).join('/'));
    expect(files).toContain(OWNER);
    const uses = files.filter((file) => file !== OWNER).flatMap((file) => storageUses(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(uses).toEqual([]);
  });

  it('what it catches: a global, a property of window or globalThis, a destructured or bracketed one; not a comment', () => {
    const sample = [
      "sessionStorage.setItem('order', '{}');",
      'const kept = window.localStorage;',
      'const { sessionStorage: s } = globalThis;',
      "const t = window['localStorage'];",
      '// sessionStorage in a comment is no use of it',
    ].join('\n');
    expect(storageUses('sample.ts', sample)).toEqual(['sample.ts:1', 'sample.ts:2', 'sample.ts:3', 'sample.ts:4']);
  });
});
