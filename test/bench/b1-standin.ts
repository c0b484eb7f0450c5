// The B1 stand-in in its own process for the benches (a real ERP does not share the portal's process), started with
// mocks/b1/main.ts and its environment: catalogue size, largest page, delay per request and per row.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface StandInSettings {
  /** Generated Items beyond the demo catalogue. */
  catalogueSize: number;
  /** Delay before every answer, as a B1_STANDIN_LATENCY duration ('50ms'). */
  latency: string;
  /** ms per row of a collection page. */
  rowLatencyMs: number;
  /** Largest page the stand-in answers. */
  maxPageSize: number;
  /** Colours per generated model (default 1): models of that many colours, for colour × size grids. */
  modelColours?: number;
}

export async function startStandIn(settings: StandInSettings): Promise<{ url: string; stop: () => void }> {
  const main = path.join(import.meta.dirname, '../../mocks/b1/main.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      B1_MOCK_PORT: '0',
      B1_MOCK_CATALOGUE_SIZE: String(settings.catalogueSize),
      B1_MOCK_MAX_PAGE_SIZE: String(settings.maxPageSize),
      B1_MOCK_ROW_LATENCY: String(settings.rowLatencyMs),
      B1_MOCK_MODEL_COLOURS: String(settings.modelColours ?? 1),
      B1_STANDIN_LATENCY: settings.latency,
    },
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`el sustituto de B1 terminó (${code})`)));
  });
  const url = /(http:\/\/\S+\/b1s\/v1)/.exec(line)?.[1];
  if (!url) throw new Error(`el sustituto de B1 no dio su URL: ${line}`);
  child.stdout!.resume();
  // never outlive the bench that started it
  process.once('exit', () => child.kill('SIGTERM'));
  return { url, stop: () => child.kill('SIGTERM') };
}
