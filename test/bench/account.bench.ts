// What the buyer's current account costs (docs/account.md), through Fastify's inject on the whole app (PGlite in
// memory, the B1 stand-in in this process on loopback, the ERP client's default page of 100 rows):
// - the statement of a year of about 1,000 documents (the demo company's year plus 1,000 generated invoices, half of
//   them paid): JSON, XLSX and PDF, the ERP without latency and at 50 ms per request (target < 1 s);
// - the first page of the open items with the stand-in at 50 ms per request, every request reading the ERP (no cache:
//   the worst case; target < 300 ms), for the demo company as it is and with the 500 open generated invoices.
// Prints figures; asserts nothing. BENCH_ROUNDS (7).
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { AccountItemList, AccountStatement } from '@shared/api/account';
import { REFERENCE_DATE } from '@mocks/b1/data';
import { addDays } from '@mocks/b1/documents';
import { call, createTestApp, login, type TestApp } from '../server/helpers';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const EXTRA = 1000;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const range = (xs: number[]) => `${Math.min(...xs).toFixed(0)}…${Math.max(...xs).toFixed(0)}`;

async function appWith(extraDocuments: number): Promise<{ t: TestApp; token: string }> {
  const t = await createTestApp({}, { account: { today: () => REFERENCE_DATE, cacheMs: 0 } }, undefined, { accountExtraDocuments: extraDocuments });
  const { token } = await login(t.app, '76.345.678-1', 'Demo1234');
  return { t, token };
}

async function timed(t: TestApp, token: string, url: string): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const res = await call(t.app, { method: 'GET', url, token });
  const ms = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return { ms, body: res.body };
}

async function figure(label: string, t: TestApp, token: string, url: string, target: number): Promise<void> {
  await timed(t, token, url); // warm: the first call loads exceljs, compiles the serializers
  const ms: number[] = [];
  for (let r = 0; r < ROUNDS; r++) ms.push((await timed(t, token, url)).ms);
  console.log(`${label}: mediana ${median(ms).toFixed(0)} ms (rango ${range(ms)}; objetivo < ${target} ms)`);
}

async function main() {
  console.log(`carga al empezar: ${loadavg().map((l) => l.toFixed(2)).join(' ')} (máquina compartida: cifras con ruido); ${ROUNDS} rondas`);
  const from = addDays(REFERENCE_DATE, -364);
  const period = `from=${from}&to=${REFERENCE_DATE}`;
  const big = await appWith(EXTRA);
  try {
    const statement = JSON.parse((await timed(big.t, big.token, `/api/user/account/statement?${period}`)).body) as AccountStatement;
    const documents = statement.movements.filter((m) => m.document).length;
    console.log(`estado de cuenta de un año: ${documents} documentos y ${statement.movements.length - documents} pagos`);
    for (const latency of [0, 50]) {
      big.t.b1.setLatency(latency);
      for (const format of ['json', 'xlsx', 'pdf']) {
        await figure(`  ${format}, ERP a ${latency} ms`, big.t, big.token, `/api/user/account/statement?${period}&format=${format}`, 1000);
      }
    }
    big.t.b1.setLatency(50);
    const open = JSON.parse((await timed(big.t, big.token, '/api/user/account/documents?pageSize=25')).body) as AccountItemList;
    await figure(`primera página de partidas abiertas (${open.total} abiertas), ERP a 50 ms, sin caché`, big.t, big.token, '/api/user/account/documents?pageSize=25', 300);
  } finally {
    await big.t.close();
  }
  const demo = await appWith(0);
  try {
    demo.t.b1.setLatency(50);
    const open = JSON.parse((await timed(demo.t, demo.token, '/api/user/account/documents?pageSize=25')).body) as AccountItemList;
    await figure(`primera página de partidas abiertas (${open.total} abiertas, la empresa demo), ERP a 50 ms, sin caché`, demo.t, demo.token, '/api/user/account/documents?pageSize=25', 300);
    await figure('  el resumen (saldo, tramos), ERP a 50 ms, sin caché', demo.t, demo.token, '/api/user/account/summary', 300);
  } finally {
    await demo.t.close();
  }
}

void main();
