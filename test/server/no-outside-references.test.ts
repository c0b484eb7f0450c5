import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

// The repository stands alone (docs/requirements.md): a comment, a test title or a page cites a requirement id
// (`R-CART-3`) or a section of a page in docs/, never a numbered section of a document the repository does not hold,
// an issue number, or a file on the machine it was written on. And every id cited is one docs/requirements.md defines.

const ROOT = join(__dirname, '..', '..');
const THIS_FILE = relative(ROOT, __filename).split(sep).join('/');
const REQUIREMENTS = 'docs/requirements.md';

/** Folders whose files are read, and the top-level files beside them. */
const FOLDERS = ['src', 'test', 'mocks', 'docs', '.ci'];
const TOP_FILES = ['README.md', 'package.json', 'tsconfig.json', 'eslint.config.js', 'jest.config.js', 'vite.config.ts',
  'drizzle.config.ts'];
/** What is never read: installed, built or generated (the same as .gitignore). */
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', 'test-results', '.tmp', '.git']);
/** Text files; a file without an extension (`.ci/run`) is read too. */
const TEXT = /\.(?:ts|tsx|js|mjs|cjs|md|json|html|css|sql|yml|yaml)$|^[^.]+$/;

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) walk(path, out);
    } else if (entry.isFile() && TEXT.test(entry.name)) {
      out.push(path);
    }
  }
}

function sourceFiles(): string[] {
  const files: string[] = [];
  for (const dir of FOLDERS) if (existsSync(join(ROOT, dir))) walk(dir, files);
  for (const file of TOP_FILES) if (existsSync(join(ROOT, file))) files.push(file);
  return files.filter((f) => f !== THIS_FILE).sort();
}

interface Rule {
  name: string;
  pattern: RegExp;
  /** A match that is a legitimate use: given the text before it on its line. */
  allowed?: (before: string) => boolean;
}

const RULES: Rule[] = [
  { name: 'a section of the spec', pattern: /\bspec(?:ification)?(?:'s)?,?\s+sections?\b/gi },
  { name: 'an outside document', pattern: /\b(?:admin|customer|buyer)\s+(?:document|spec(?:ification)?)\b/gi },
  {
    name: 'a numbered section',
    pattern: /\bsections?\s+\d/gi,
    // a link to a section of the same page ("[section 7](#7-…)"), or a standard's own numbering ("RFC 9110 section 13")
    allowed: (before) => before.endsWith('[') || /\bRFC\s*\d+[\s,]*$/i.test(before),
  },
  { name: 'an issue number', pattern: /\bissues?\s+#?\d+/gi },
  { name: "an issue's words", pattern: /\bissue(?:'s)?\s+targets?\b|\(issue:|\bthe issue(?:'s)?\s+(?:asks|says|targets?|goals?)\b/gi },
  { name: 'a file outside the repository', pattern: /(?:\.\.\/)+shared\/(?:spec\/|[A-Z]+\.md)|\bspec\/\d{3}_[0-9a-f]+/gi },
];

interface Finding {
  file: string;
  line: number;
  rule: string;
  text: string;
}

/** The references to outside documents in `text`. */
function outsideReferences(file: string, text: string): Finding[] {
  const findings: Finding[] = [];
  text.split('\n').forEach((lineText, index) => {
    for (const rule of RULES) {
      for (const match of lineText.matchAll(rule.pattern)) {
        const before = lineText.slice(0, match.index);
        if (rule.allowed?.(before)) continue;
        findings.push({ file, line: index + 1, rule: rule.name, text: lineText.trim().slice(0, 160) });
      }
    }
  });
  return findings;
}

const ID = /\bR-[A-Z0-9]+(?:-[A-Z0-9]+)*-\d+\b/g;

function definedIds(markdown: string): string[] {
  return [...markdown.matchAll(/^- \*\*(R-[A-Z0-9]+(?:-[A-Z0-9]+)*-\d+)\*\*/gm)].map((m) => m[1]!);
}

describe('the repository cites only itself', () => {
  const files = sourceFiles();
  const texts = new Map(files.map((f) => [f, readFileSync(join(ROOT, f), 'utf8')]));

  it('reads the source, tests, stand-ins, docs and configuration', () => {
    expect(files).toEqual(expect.arrayContaining([REQUIREMENTS, 'src/shared/messages.ts', 'README.md', 'eslint.config.js']));
    expect(files.some((f) => f.startsWith('test/')) && files.some((f) => f.startsWith('mocks/'))).toBe(true);
    expect(files.length).toBeGreaterThan(500);
  });

  it('no comment, test title or page points at a section of an outside document, an issue or a machine path', () => {
    const findings = files.flatMap((f) => outsideReferences(f, texts.get(f)!));
    expect(findings.map((f) => `${f.file}:${f.line} (${f.rule}): ${f.text}`)).toEqual([]);
  });

  it('every requirement id cited is defined once in docs/requirements.md', () => {
    const defined = definedIds(texts.get(REQUIREMENTS)!);
    expect(defined.length).toBeGreaterThan(100);
    expect(defined.filter((id, i) => defined.indexOf(id) !== i)).toEqual([]);
    const known = new Set(defined);
    const unknown: string[] = [];
    for (const [file, text] of texts) {
      text.split('\n').forEach((lineText, index) => {
        for (const [id] of lineText.matchAll(ID)) if (!known.has(id)) unknown.push(`${file}:${index + 1} ${id}`);
      });
    }
    expect(unknown).toEqual([]);
  });

  it('the files docs/requirements.md names as where a requirement lives exist', () => {
    const named = [...texts.get(REQUIREMENTS)!.matchAll(/`((?:src|test|mocks)\/[^`\s]+)`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(100);
    expect([...new Set(named)].filter((path) => !existsSync(join(ROOT, path.replace(/\/$/, ''))))).toEqual([]);
  });

  describe('the rules themselves', () => {
    const flagged = (text: string) => outsideReferences('x.ts', text).map((f) => f.rule);

    // the samples are put together here, so that this file holds no such reference itself
    const section = ['sec', 'tion'].join('');
    const issue = ['iss', 'ue'].join('');
    it.each([
      [`// Blocked buyer (spec ${section} 4): after the ERP profile loads`, 'a section of the spec'],
      [`/** (customer spec ${section}s 2 and 8) */`, 'an outside document'],
      [`// Users (admin document ${section} 7): list`, 'an outside document'],
      [`// S${section.slice(1)} 5's dialog for an invalid submit`, 'a numbered section'],
      [`(spec, ${section} 5: the same clampQuantity)`, 'a section of the spec'],
      [`// Where they go (${issue} 16): at the bottom`, 'an issue number'],
      [`describe('operations (I${issue.slice(1)} #17)')`, 'an issue number'],
      [`// I${issue.slice(1)} targets: order placement latency`, "an issue's words"],
      [`// what the ${issue}'s targets say`, "an issue's words"],
      [`// see ${['..', 'shared', 'spec', '000_0123abcd.txt'].join('/')}`, 'a file outside the repository'],
    ])('flag %j as %s', (text, rule) => {
      expect(flagged(text)).toContain(rule);
    });

    it('let a requirement id, a page of docs/, a link to a section of the same page and a standard through', () => {
      expect(flagged('// Blocked buyer (R-BLOCK-1): after the ERP profile loads')).toEqual([]);
      expect(flagged('between them ([section 7](#7-the-catalogue-from-the-erp)).')).toEqual([]);
      expect(flagged('// the precondition of RFC 9110 section 13.1.1')).toEqual([]);
      expect(flagged('// (docs/orders-performance.md#4-memory): its server settings')).toEqual([]);
      expect(flagged('as a public Transbank SDK issue shows; the issue date of the reference')).toEqual([]);
    });
  });
});
