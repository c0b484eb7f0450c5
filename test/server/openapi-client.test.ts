import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { OPENAPI_PATH } from '@server/plugins/openapi';
import { call, createTestApp } from './helpers';

// The SPA against the API description: a client's types are generated from GET /api/docs/openapi.json by a
// third-party generator (openapi-typescript), and every call of the SPA's API modules (`http.get<T>('/user/…')`,
// `http.post<T>(path, body)`…) is type-checked against them: the route and method exist, what the server answers is
// assignable to the T the SPA reads, and the body the SPA sends is assignable to the documented body. The document
// and the code cannot disagree without this test failing.

const ROOT = path.resolve(__dirname, '../..');
/** The SPA's API modules: the shared client functions and each feature's api.ts. */
const API_FILES = [
  ...readdirSync(path.join(ROOT, 'src/client/api')).filter((f) => f.endsWith('.ts')).map((f) => path.join(ROOT, 'src/client/api', f)),
  ...readdirSync(path.join(ROOT, 'src/client/features'))
    .map((d) => path.join(ROOT, 'src/client/features', d, 'api.ts'))
    .filter((f) => ts.sys.fileExists(f)),
];
const HTTP_METHODS = new Set(['get', 'post', 'put', 'delete', 'patch']);

interface ApiCall {
  where: string;
  method: string;
  /** What the SPA reads: JSON, a CSV export, a file. */
  answer: 'json' | 'csv' | 'file';
  /** The documented path, '/api/user/cart/{id}'. */
  docPath: string | undefined;
  clientPath: string;
  node: ts.CallExpression;
}

let dir: string;
let paths: Record<string, Record<string, unknown>>;

beforeAll(async () => {
  const t = await createTestApp({ openApi: true });
  try {
    paths = (await call(t.app, { method: 'GET', url: OPENAPI_PATH })).json().paths;
    dir = mkdtempSync(path.join(tmpdir(), 'openapi-client-'));
    writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify({ ...(await call(t.app, { method: 'GET', url: OPENAPI_PATH })).json() }));
  } finally {
    await t.close();
  }
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/openapi-typescript/bin/cli.js'), path.join(dir, 'openapi.json'), '-o', path.join(dir, 'api.d.ts')], { stdio: 'pipe' });
}, 60_000);
afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

/**
 * '/user/cart/${id}' → the documented path it reaches, matched segment by segment ('${…}' fills a '{param}'; the
 * most literal match wins: '/admin/jobs/retry' before '/admin/jobs/{id}').
 */
function documentedPath(clientPath: string): string | undefined {
  const segments = `/api${clientPath.split('?')[0]}`.split('/');
  const params = (p: string) => p.split('/').filter((s) => s.startsWith('{')).length;
  return Object.keys(paths)
    .filter((p) => {
      const doc = p.split('/');
      return doc.length === segments.length && doc.every((s, i) => (s.startsWith('{') ? segments[i] !== '' : s === segments[i]));
    })
    .sort((a, b) => params(a) - params(b))[0];
}

/**
 * The path a call names: a literal, or a template whose `${…}` after a '/' is a path parameter and whose last `${…}`
 * glued to the path is its query (`/user/orders${listSearch(query)}`). Undefined when the caller hands the path in.
 */
function pathOf(arg: ts.Expression): string | undefined {
  if (ts.isStringLiteralLike(arg)) return arg.text;
  if (!ts.isTemplateExpression(arg) || !arg.head.text) return undefined;
  let text = arg.head.text;
  arg.templateSpans.forEach((span, i) => {
    const last = i === arg.templateSpans.length - 1;
    if (last && !text.endsWith('/') && !span.literal.text) return; // the query string
    text += `x${span.literal.text}`;
  });
  return text;
}

/** The SPA's ways to call the API: the http client's methods and the list helpers of api/lists.ts. */
function callKind(node: ts.CallExpression): { method: string; answer: 'json' | 'csv' | 'file' } | undefined {
  const callee = node.expression;
  if (ts.isIdentifier(callee)) {
    if (callee.text === 'fetchListPage') return { method: 'get', answer: 'json' };
    if (callee.text === 'downloadListCsv') return { method: 'get', answer: 'csv' };
    return undefined;
  }
  if (!ts.isPropertyAccessExpression(callee) || !ts.isIdentifier(callee.expression) || callee.expression.text !== 'http') return undefined;
  if (callee.name.text === 'download') return { method: 'get', answer: 'file' };
  return HTTP_METHODS.has(callee.name.text) ? { method: callee.name.text, answer: 'json' } : undefined;
}

/** Every call of the API modules that names its path, with the path it reaches; `forwarded` counts the rest. */
function apiCalls(program: ts.Program): { calls: ApiCall[]; forwarded: string[] } {
  const calls: ApiCall[] = [];
  const forwarded: string[] = [];
  for (const file of API_FILES) {
    const source = program.getSourceFile(file)!;
    const visit = (node: ts.Node) => {
      const kind = ts.isCallExpression(node) ? callKind(node) : undefined;
      if (kind && ts.isCallExpression(node)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        const where = `${path.relative(ROOT, file)}:${line + 1}`;
        const clientPath = pathOf(node.arguments[0]!);
        if (clientPath === undefined) forwarded.push(where);
        else calls.push({ where, ...kind, clientPath, docPath: documentedPath(clientPath), node });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { calls, forwarded };
}

/** The types the generated client gives one operation: its success answers (JSON) and its JSON body. */
const contractTypes = (i: number, c: ApiCall) => `
type Op${i} = paths[${JSON.stringify(c.docPath)}][${JSON.stringify(c.method)}];
type Ok${i} = Op${i} extends { responses: infer R } ? { [K in keyof R]: K extends 200 | 201 | 202 ? (R[K] extends { content: { 'application/json': infer J } } ? J : never) : never }[keyof R] : never;
type Body${i} = NonNullable<Op${i} extends { requestBody?: infer B } ? B : never> extends { content: { 'application/json': infer J } } ? J : never;
type Media${i} = Op${i} extends { responses: infer R } ? { [K in keyof R]: K extends 200 ? (R[K] extends { content: infer C } ? keyof C : never) : never }[keyof R] : never;
type Multipart${i} = NonNullable<Op${i} extends { requestBody?: infer B } ? B : never> extends { content: { 'multipart/form-data': unknown } } ? true : false;
`;

describe('a client generated from the OpenAPI description (openapi-typescript)', () => {
  it('type-checks on its own', () => {
    const program = ts.createProgram([path.join(dir, 'api.d.ts')], { strict: true, noEmit: true, skipLibCheck: false });
    expect(ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
  });

  it("agrees with every call of the SPA's API modules: route, method, answer and body", () => {
    const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
    const first = ts.createProgram(API_FILES, config.options);
    const { calls, forwarded } = apiCalls(first);
    // the helpers that take their path from the caller (the list page, the csv export, the cheque photo's address)
    expect(forwarded).toEqual(['src/client/api/lists.ts:48', 'src/client/api/lists.ts:57', 'src/client/features/adminOrders/api.ts:21']);
    const unknown = calls.filter((c) => !c.docPath || !paths[c.docPath]![c.method]).map((c) => `${c.where}: ${c.method.toUpperCase()} ${c.clientPath}`);
    expect(unknown).toEqual([]);

    // the generated types of each call's operation, in one module beside the generated client
    const contract = path.join(dir, 'contract.ts');
    writeFileSync(contract, `import type { paths } from './api';\n${calls.map((c, i) => contractTypes(i, c)).join('')}\nexport type {};\n`);
    const program = ts.createProgram([...API_FILES, contract], config.options, undefined, first);
    const checker = program.getTypeChecker();
    const aliases = new Map<string, ts.Type>();
    ts.forEachChild(program.getSourceFile(contract)!, (node) => {
      if (ts.isTypeAliasDeclaration(node)) aliases.set(node.name.text, checker.getTypeAtLocation(node.name));
    });
    const ownCalls = apiCalls(program).calls;
    const disagreements: string[] = [];
    let answersChecked = 0;
    let bodiesChecked = 0;
    ownCalls.forEach((c, i) => {
      const label = `${c.where}: ${c.method.toUpperCase()} ${c.docPath}`;
      if (c.answer !== 'json') {
        const media = checker.typeToString(aliases.get(`Media${i}`)!);
        if (c.answer === 'csv' ? !media.includes('"text/csv"') : media === 'never' || media === '"application/json"') disagreements.push(`${label}: the SPA downloads ${c.answer}, the description answers ${media}`);
        return;
      }
      const typeArgument = c.node.typeArguments?.[0];
      const read = typeArgument ? checker.getTypeFromTypeNode(typeArgument) : undefined;
      const answer = aliases.get(`Ok${i}`)!;
      if (read && !(read.flags & (ts.TypeFlags.Void | ts.TypeFlags.Unknown | ts.TypeFlags.Any))) {
        answersChecked += 1;
        if (answer.flags & ts.TypeFlags.Never) disagreements.push(`${label}: the SPA reads ${checker.typeToString(read)}, no JSON answer documented`);
        else if (!checker.isTypeAssignableTo(answer, read)) disagreements.push(`${label}: answer ${checker.typeToString(answer)} is not the ${checker.typeToString(read)} the SPA reads`);
      }
      const sent = (c.method === 'post' || c.method === 'put' || c.method === 'patch') && c.node.arguments[1] ? c.node.arguments[1] : undefined;
      if (!sent || sent.kind === ts.SyntaxKind.UndefinedKeyword || (ts.isIdentifier(sent) && sent.text === 'undefined')) return;
      const sentType = checker.getTypeAtLocation(sent);
      bodiesChecked += 1;
      if (checker.typeToString(sentType) === 'FormData') {
        if (checker.typeToString(aliases.get(`Multipart${i}`)!) !== 'true') disagreements.push(`${label}: the SPA sends a form, no multipart body documented`);
        return;
      }
      const body = aliases.get(`Body${i}`)!;
      if (body.flags & ts.TypeFlags.Never) disagreements.push(`${label}: the SPA sends ${checker.typeToString(sentType)}, no JSON body documented`);
      else if (!checker.isTypeAssignableTo(sentType, body)) disagreements.push(`${label}: the SPA sends ${checker.typeToString(sentType)}, not assignable to ${checker.typeToString(body)}`);
    });
    expect(disagreements).toEqual([]);
    // a representative set: the buyer's and the admin's calls, most with a typed answer
    expect(ownCalls.length).toBeGreaterThanOrEqual(60);
    expect(answersChecked).toBeGreaterThanOrEqual(50);
    expect(bodiesChecked).toBeGreaterThanOrEqual(20);
  }, 120_000);
});
