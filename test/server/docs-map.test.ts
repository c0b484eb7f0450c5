import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The map of the codebase (docs/README.md, and src/server/README.md for the server) names every folder under src/:
// a folder added without a line in the map fails here. A folder is named by its path from the repository
// (`src/client/login/`) or from its part (`features/quickOrder/`, `db/migrations/`), in backticks.

const root = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

function folders(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const child = `${dir}/${entry.name}`;
      return [child, ...folders(child)];
    });
}

/** Every path written in backticks in a markdown text, without a trailing slash. */
function namedPaths(markdown: string): Set<string> {
  const named = new Set<string>();
  for (const [, code] of markdown.matchAll(/`([^`\n]+)`/g)) {
    for (const part of code!.split(/[\s,]+/)) named.add(part.replace(/\/$/, ''));
  }
  return named;
}

describe('the map of the codebase', () => {
  const map = namedPaths(read('docs/README.md'));
  const serverMap = namedPaths(read('src/server/README.md'));

  it.each(['client', 'server', 'shared'])('names every folder of src/%s', (part) => {
    const missing = folders(`src/${part}`).filter((folder) => {
      const fromPart = folder.slice(`src/${part}/`.length);
      const names = [folder, fromPart];
      return !names.some((name) => map.has(name) || (part === 'server' && serverMap.has(name)));
    });
    expect(missing).toEqual([]);
  });

  it('reads the paths it is given', () => {
    expect(namedPaths('a `features/home/` and `src/client/login/`, `db/`, `http/`')).toEqual(new Set(['features/home', 'src/client/login', 'db', 'http']));
  });
});
