// Run by openDatabase (connect.ts) as a child process, once, when PGlite's data folder does not exist yet: PGlite's
// initdb runs in a WebAssembly module of its own whose memory (several hundred MB) the process that ran it keeps for
// good, so it runs here and this process exits. Plain JavaScript so it needs no loader. Argument: the data folder.
import process from 'node:process';
import { PGlite } from '@electric-sql/pglite';

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('falta la carpeta de datos de PGlite\n');
  process.exit(2);
}
const db = new PGlite(dir);
await db.waitReady;
await db.close();
