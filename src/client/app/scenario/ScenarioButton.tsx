import { lazy, Suspense, useEffect, useState } from 'react';
import { scenarioRecorderEnabled } from './enabled';

// The QA scenario button; nothing at all when the recorder is not enabled (a production build without
// QA_SCENARIO_RECORDER=on), and then its code (and MUI's Tooltip) is never downloaded.
const ScenarioLauncher = lazy(() => import('./ScenarioLauncher'));

export function ScenarioButton() {
  const [enabled, setEnabled] = useState(false);

  useEffect(() => {
    let live = true;
    void scenarioRecorderEnabled().then((on) => {
      if (live) setEnabled(on);
    });
    return () => {
      live = false;
    };
  }, []);

  if (!enabled) return null;
  return (
    <Suspense fallback={null}>
      <ScenarioLauncher />
    </Suspense>
  );
}
