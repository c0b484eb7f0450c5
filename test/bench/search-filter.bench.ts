// The search box's filter alone (Node, no rendering) on a 20,000-item list: ms per keystroke while typing 'polera' and
// deleting it again, as the top bar runs it (one index per list, reused across keystrokes; deleting back is answered
// from the latest queries). The whole keystroke in Chromium, render included, is spa-chromium.bench.ts.
import { performance } from 'node:perf_hooks';
import { buildSearchIndex, filterIndex } from '@client/features/search/searchFilter';
import { searchItems } from './searchItems';

const N = 20_000;
const ROUNDS = 200;
const typing = ['p', 'po', 'pol', 'pole', 'poler', 'polera'];
const keystrokes = [...typing, ...typing.slice(0, -1).reverse(), ''];

const list = searchItems(N);
const t0 = performance.now();
const index = buildSearchIndex(list);
const buildMs = performance.now() - t0;

// warm-up so the JIT has compiled the loop
for (let r = 0; r < 20; r += 1) for (const q of keystrokes) filterIndex(index, q);

const perKey = new Map<string, number[]>(keystrokes.map((q) => [q, []]));
const all: number[] = [];
let matches = 0;
for (let r = 0; r < ROUNDS; r += 1) {
  // a fresh index each round (as a new product list would get): typing scans, deleting back finds the latest queries
  const index = buildSearchIndex(list);
  for (const q of keystrokes) {
    const start = performance.now();
    matches = filterIndex(index, q).length;
    const ms = performance.now() - start;
    all.push(ms);
    perKey.get(q)!.push(ms);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const worst = (xs: number[]) => Math.max(...xs);
console.log(`${N} items, index built in ${buildMs.toFixed(1)} ms; ${ROUNDS} rounds of ${keystrokes.length} keystrokes`);
for (const [q, xs] of perKey) console.log(`  ${JSON.stringify(q).padEnd(10)} median ${median(xs).toFixed(3)} ms  worst ${worst(xs).toFixed(3)} ms`);
console.log(`per keystroke: median ${median(all).toFixed(3)} ms, worst ${worst(all).toFixed(3)} ms (target < 8 ms); last result ${matches} items`);
