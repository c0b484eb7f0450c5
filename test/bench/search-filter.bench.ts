// The search box's filter on a 20,000-item catalogue: ms per keystroke while typing 'polera' and deleting it
// again, as the top bar runs it (one index per list, reused across keystrokes). Target: < 8 ms per keystroke.
import { performance } from 'node:perf_hooks';
import type { CatalogueItem } from '@shared/api/erp';
import { buildSearchIndex, filterIndex } from '@client/features/search/searchFilter';

const N = 20_000;
const ROUNDS = 200;
const NAMES = ['Polera Básica Algodón', 'Pantalón Cargo', 'Chaqueta Cortaviento', 'Polerón Canguro', 'Camisa Oxford', 'Vestido Midi', 'Calza Deportiva', 'Overol Trabajo'];
const COLORS = ['blanco', 'negro', 'azul marino', 'gris melange', 'rojo', 'verde botella'];

function items(): CatalogueItem[] {
  const out: CatalogueItem[] = [];
  for (let i = 0; i < N; i += 1) {
    const name = NAMES[i % NAMES.length]!;
    out.push({
      sku: `${name.slice(0, 3).toUpperCase()}-${String(10000 + i)}`,
      descripcion: `${name} Modelo ${i} color ${COLORS[i % COLORS.length]}`,
      genero: i % 3 === 0 ? 'Femenino' : i % 3 === 1 ? 'Masculino' : 'Unisex',
      stock: i % 500,
      preciolista: 4990 + (i % 30) * 1000,
      categoria: 'CAT',
      tipo: 'TIPO',
      variante: 'VAR',
      urlImage: `/files/products/${i}.svg`,
    });
  }
  return out;
}

const typing = ['p', 'po', 'pol', 'pole', 'poler', 'polera'];
const keystrokes = [...typing, ...typing.slice(0, -1).reverse(), ''];

const list = items();
const t0 = performance.now();
const index = buildSearchIndex(list);
const buildMs = performance.now() - t0;

// warm-up so the JIT has compiled the loop
for (let r = 0; r < 20; r += 1) for (const q of keystrokes) filterIndex(index, q);

const perKey = new Map<string, number[]>(keystrokes.map((q) => [q, []]));
const all: number[] = [];
let matches = 0;
for (let r = 0; r < ROUNDS; r += 1) {
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
