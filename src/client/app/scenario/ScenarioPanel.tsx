import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { describeStep, parseScenario, serializeScenario } from './format';
import { getScenarioRecorder, type RecorderSnapshot, type ScenarioRecorder } from './recorder';
// a replay may touch any slice: with the panel, every feature's slice and saga join the store
import '../allFeatures';

// The QA scenario panel: record, export, import and replay step by step (reducer-only: see replay.ts). Every control
// is a button or a field reachable with Tab; Escape closes the panel.

/** How fast 'Reproducir' advances. */
export const PLAY_INTERVAL_MS = 600;

const EMPTY: RecorderSnapshot = { mode: 'idle', steps: 0, cursor: 0, scenario: null, storageError: null };
const noop = () => () => undefined;

function useRecorder(recorder: ScenarioRecorder | null): RecorderSnapshot {
  return useSyncExternalStore(recorder?.subscribe ?? noop, recorder?.getSnapshot ?? (() => EMPTY));
}

/** Offers the scenario as a file download (name.json). */
function download(name: string, text: string) {
  const blob = new Blob([text], { type: 'application/json' });
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = `${name.replace(/[^\w.-]+/g, '-') || 'escenario'}.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

export default function ScenarioPanel({ onClose }: { onClose: () => void }) {
  const recorder = getScenarioRecorder();
  const snap = useRecorder(recorder);
  const [name, setName] = useState('escenario');
  const [target, setTarget] = useState('0');
  const [playing, setPlaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // focus on the panel's title when it opens and when a replay ends (its buttons go away): Escape still closes it
  const replayingNow = snap.mode === 'replaying';
  useEffect(() => {
    if (!replayingNow) heading.current?.focus();
  }, [replayingNow]);

  // 'Reproducir': one step every PLAY_INTERVAL_MS until the end or 'Pausa'
  useEffect(() => {
    if (!playing || !recorder) return undefined;
    const timer = setInterval(() => {
      if (!recorder.step()) setPlaying(false);
    }, PLAY_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [playing, recorder]);

  if (!recorder) return null;
  const { mode, steps, cursor, scenario } = snap;
  const replaying = mode === 'replaying';
  const recording = mode === 'recording';
  const current = replaying && scenario && cursor > 0 ? scenario.steps[cursor - 1] : undefined;

  const onImport = async (file: File | undefined) => {
    if (!file) return;
    try {
      const loaded = parseScenario(await file.text());
      recorder.load(loaded);
      setName(loaded.name);
      setError(null);
      setNotice(`Escenario «${loaded.name}» importado: ${loaded.steps.length} pasos`);
    } catch (e) {
      setError(`No se pudo importar: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };

  return (
    <Paper
      role="region"
      aria-labelledby="qa-scenario-title"
      elevation={8}
      onKeyDown={onKeyDown}
      sx={{ position: 'fixed', left: 8, bottom: 52, zIndex: (t) => t.zIndex.drawer + 3, width: 360, maxWidth: 'calc(100vw - 16px)', p: 2 }}
    >
      <Typography id="qa-scenario-title" component="h2" variant="subtitle1" tabIndex={-1} ref={heading} sx={{ fontWeight: 600 }}>
        Escenarios QA
      </Typography>
      <Typography variant="body2" role="status" aria-live="polite" sx={{ mb: 1 }}>
        {recording && `Grabando: ${steps} pasos`}
        {replaying && `Reproduciendo «${scenario?.name ?? ''}»: paso ${cursor} de ${steps}`}
        {mode === 'idle' && (scenario ? `Escenario listo: «${scenario.name}», ${scenario.steps.length} pasos` : 'Sin escenario')}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {notice && !error && (
        <Alert severity="info" sx={{ mb: 1 }} onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {snap.storageError && recording && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          La grabación no cabe en el almacenamiento de la sesión: no sobrevivirá a un cambio de página.
        </Alert>
      )}

      {!replaying && (
        <Stack spacing={1}>
          <TextField label="Nombre del escenario" size="small" value={name} disabled={recording} onChange={(e) => setName(e.target.value)} />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {recording ? (
              <Button variant="contained" color="error" onClick={() => recorder.stop()}>
                Detener grabación
              </Button>
            ) : (
              <Button
                variant="contained"
                onClick={() => {
                  setNotice(null);
                  recorder.start(name.trim() || 'escenario');
                }}
              >
                Grabar escenario
              </Button>
            )}
            <Button variant="outlined" disabled={!scenario || recording} onClick={() => scenario && download(scenario.name, serializeScenario(scenario))}>
              Exportar
            </Button>
            <Button variant="outlined" disabled={recording} onClick={() => fileInput.current?.click()}>
              Importar
            </Button>
            <Button variant="outlined" disabled={!scenario || recording} onClick={() => recorder.startReplay()}>
              Reproducir escenario
            </Button>
          </Stack>
          <input
            ref={fileInput}
            type="file"
            accept="application/json,.json"
            aria-label="Archivo de escenario"
            hidden
            onChange={(e) => void onImport(e.target.files?.[0])}
          />
        </Stack>
      )}

      {replaying && (
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" disabled={cursor >= steps} onClick={() => recorder.step()}>
              Paso
            </Button>
            {playing ? (
              <Button variant="outlined" onClick={() => setPlaying(false)}>
                Pausa
              </Button>
            ) : (
              <Button variant="outlined" disabled={cursor >= steps} onClick={() => setPlaying(true)}>
                Reproducir
              </Button>
            )}
            <Button
              variant="outlined"
              color="inherit"
              onClick={() => {
                setPlaying(false);
                recorder.endReplay();
              }}
            >
              Salir de la reproducción
            </Button>
          </Stack>
          <Box
            component="form"
            sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
            onSubmit={(e) => {
              e.preventDefault();
              setPlaying(false);
              recorder.jumpTo(Number(target));
            }}
          >
            <TextField
              label="Paso número"
              size="small"
              type="number"
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              slotProps={{ htmlInput: { min: 0, max: steps } }}
              sx={{ width: 130 }}
            />
            <Button type="submit" variant="outlined">
              Ir al paso
            </Button>
          </Box>
          <Typography variant="body2" data-testid="qa-scenario-step" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {cursor === 0 ? 'Estado inicial' : `${cursor}: ${describeStep(current)}`}
          </Typography>
        </Stack>
      )}

      <Box sx={{ mt: 1, textAlign: 'right' }}>
        <Button size="small" onClick={onClose}>
          Cerrar
        </Button>
      </Box>
    </Paper>
  );
}
