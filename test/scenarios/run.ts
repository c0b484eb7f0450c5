import { readdirSync, readFileSync } from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScenarioFile } from '@client/app/scenario/format';
import type { ScenarioResult } from './runner';

// npm run scenarios                        every test/scenarios/*.json, the recorded answers as providers
// npm run scenarios -- file.json …         only those files
// npm run scenarios -- --live <url> [--b1 <service layer url>]
//                                          against a running portal and its stand-ins (see live.ts)
// Ends with `N scenarios, N passed, N failed`; exit code 1 when one failed.

const here = path.dirname(fileURLToPath(import.meta.url));

function parseArgs(argv: string[]) {
  const files: string[] = [];
  let live: string | undefined;
  let b1: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--live') live = argv[++i];
    else if (arg.startsWith('--live=')) live = arg.slice(7);
    else if (arg === '--b1') b1 = argv[++i];
    else if (arg.startsWith('--b1=')) b1 = arg.slice(5);
    else files.push(arg);
  }
  if (live !== undefined && !/^https?:\/\//.test(live)) throw new Error('--live necesita la URL del portal (http://127.0.0.1:3000)');
  return { files, live: live?.replace(/\/+$/, ''), b1: b1?.replace(/\/+$/, '') };
}

export function scenarioFiles(dir = here): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => path.join(dir, name));
}

async function main() {
  // before the SPA's modules load: notistack's toasts go to a stand-in (node/hooks.mjs)
  register('./node/hooks.mjs', import.meta.url);
  const { parseScenario } = await import('@client/app/scenario/format');
  const { runProvided } = await import('./runner');
  const args = parseArgs(process.argv.slice(2));
  const files = args.files.length ? args.files.map((f) => path.resolve(f)) : scenarioFiles();
  const mode = args.live ? `en vivo contra ${args.live}` : 'con las respuestas grabadas';
  console.log(`Escenarios ${mode}: ${files.length}`);
  const started = performance.now();
  const results: ScenarioResult[] = [];
  const parsed: { file: string; scenario?: ScenarioFile; error?: string }[] = files.map((file) => {
    try {
      return { file, scenario: parseScenario(readFileSync(file, 'utf8')) };
    } catch (error) {
      return { file, error: error instanceof Error ? error.message : String(error) };
    }
  });
  // live: in the order they were recorded, so a fresh portal goes through the states the recording portal went through
  // (a rejected card puts its lines back in the cart the next card scenario of that account starts from)
  if (args.live) parsed.sort((a, b) => (Date.parse(a.scenario?.recordedAt ?? '') || 0) - (Date.parse(b.scenario?.recordedAt ?? '') || 0));
  for (const { file, scenario, error } of parsed) {
    if (!scenario) {
      results.push({ name: path.basename(file), passed: false, report: error, ms: 0, steps: 0 });
      console.log(`✗ ${path.basename(file)}: ${error}`);
      continue;
    }
    let result: ScenarioResult;
    if (args.live) {
      const { runLive } = await import('./live');
      result = await runLive(scenario, { url: args.live, b1: args.b1 });
    } else {
      result = await runProvided(scenario);
    }
    results.push(result);
    const line = `${result.passed ? '✓' : '✗'} ${result.name} (${result.steps} pasos, ${Math.round(result.ms)} ms)`;
    console.log(result.report ? `${line}\n  ${result.report.split('\n').join('\n  ')}` : line);
  }
  const passed = results.filter((r) => r.passed).length;
  console.log(`(${Math.round(performance.now() - started)} ms)`);
  console.log(`${results.length} scenarios, ${passed} passed, ${results.length - passed} failed`);
  process.exitCode = passed === results.length ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 2;
});
