import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// Finds where the server keeps state in memory, by reading its source (test/server/shared-nothing.test.ts):
// - a module-level `let`, or a module-level `const` made with one of HOLDERS;
// - a class field made with one of HOLDERS (`private x = new Map()`, `this.x = new ShortCache(…)`), or a timer kept in
//   one (`this.timer = setTimeout(…)`);
// - a `const` or `let` made with one of HOLDERS directly in a function that takes `app` (a Fastify plugin or a
//   registration: it lives as long as the app);
// - any `setInterval(`.
// Locals of a function call are not state: they end with the call.

/** Constructors whose objects keep entries between calls. */
export const HOLDERS = /^(Map|Set|WeakMap|WeakSet|ShortCache|RefreshingCache|Cached|LRU\w*)$/;

export interface StateHolder {
  /** Relative to the repository, with '/'. */
  file: string;
  /** `Class.field`, `variable`, or `plugin.variable`. */
  name: string;
  /** What makes it: 'Map', 'ShortCache', 'setTimeout', 'let'… */
  kind: string;
  line: number;
}

const UNWRAP = new Set([ts.SyntaxKind.ParenthesizedExpression, ts.SyntaxKind.AsExpression, ts.SyntaxKind.SatisfiesExpression, ts.SyntaxKind.NonNullExpression]);

function madeBy(node: ts.Node): string | undefined {
  if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && HOLDERS.test(node.expression.text)) return node.expression.text;
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && /^(setInterval|setTimeout)$/.test(node.expression.text)) return node.expression.text;
  return undefined;
}

const takesApp = (fn: ts.SignatureDeclaration) => fn.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === 'app');
const fnName = (fn: ts.SignatureDeclaration) => (fn.name && ts.isIdentifier(fn.name) ? fn.name.text : 'plugin');

/** The state holders of one source file. */
export function stateHoldersOf(file: string, text: string): StateHolder[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const found: StateHolder[] = [];
  const add = (name: string, kind: string, node: ts.Node) => found.push({ file, name, kind, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });

  const visit = (node: ts.Node, fns: ts.SignatureDeclaration[], klass: string | undefined): void => {
    if (ts.isClassLike(node)) klass = node.name?.text ?? 'class';
    // module-level let: state whatever it holds
    if (ts.isVariableStatement(node) && fns.length === 0 && node.parent === source && node.declarationList.flags & ts.NodeFlags.Let) {
      for (const d of node.declarationList.declarations) add(d.name.getText(), 'let', d);
    }
    const kind = madeBy(node);
    if (kind) {
      let at: ts.Node = node.parent;
      while (UNWRAP.has(at.kind) || (ts.isBinaryExpression(at) && at.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)) at = at.parent;
      const inMethod = fns.length > 0;
      const owner = fns[fns.length - 1];
      if (ts.isPropertyDeclaration(at) && klass) add(`${klass}.${at.name.getText()}`, kind, node);
      else if (
        ts.isBinaryExpression(at) &&
        [ts.SyntaxKind.EqualsToken, ts.SyntaxKind.QuestionQuestionEqualsToken].includes(at.operatorToken.kind) &&
        ts.isPropertyAccessExpression(at.left) &&
        at.left.expression.kind === ts.SyntaxKind.ThisKeyword &&
        klass
      )
        add(`${klass}.${at.left.name.text}`, kind, node);
      else if (ts.isVariableDeclaration(at) && !inMethod && kind !== 'setTimeout') add(at.name.getText(), kind, node);
      else if (ts.isVariableDeclaration(at) && owner && takesApp(owner) && at.parent.parent.parent === (owner as ts.FunctionLikeDeclaration).body && kind !== 'setTimeout')
        add(`${fnName(owner)}.${at.name.getText()}`, kind, node);
      else if (kind === 'setInterval') add(`${klass ?? (owner ? fnName(owner) : 'module')}.setInterval`, kind, node);
    }
    const inner = ts.isFunctionLike(node) && !ts.isConstructorDeclaration(node) ? [...fns, node] : fns;
    ts.forEachChild(node, (child) => visit(child, inner, klass));
  };
  visit(source, [], undefined);
  return found;
}

/** Every `.ts` file under `dir` (relative to `root`), with its state holders. */
export function stateHolders(root: string, dir: string): StateHolder[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort()
    .flatMap((file) => stateHoldersOf(file, readFileSync(path.join(root, file), 'utf8')));
}
