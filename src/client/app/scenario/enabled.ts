import type { PublicConfigResponse } from '@shared/api/publicConfig';
// through '../../app/env', the path Jest maps to its own env (import.meta does not exist there)
import { env } from '../../app/env';
import { getScenarioRecorder } from './recorder';

// Whether this page offers the QA scenario recorder: always in a development-mode build; in a production build only
// when the server runs with QA_SCENARIO_RECORDER=on (GET /api/public-config says scenarioRecorder: true). A
// recording already going on in this tab (it started before a page load) is offered too.

let asked: Promise<boolean> | null = null;

/** Reads the server's flag once per page (a plain fetch: it is not part of any recording). */
function askServer(): Promise<boolean> {
  asked ??= fetch(`${env.apiBase}/public-config`, { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
    .then(async (res) => (res.ok ? ((await res.json()) as Partial<PublicConfigResponse>).scenarioRecorder === true : false))
    .catch(() => false);
  return asked;
}

export async function scenarioRecorderEnabled(): Promise<boolean> {
  if (env.scenarioRecorder) return true;
  if (getScenarioRecorder()?.mode === 'recording') return true;
  return env.scenarioRecorderAsksServer ? askServer() : false;
}

/** Tests: forget the server's answer. */
export function resetScenarioRecorderFlag() {
  asked = null;
}
