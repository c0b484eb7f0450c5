import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { lazy, Suspense, useState } from 'react';

// The panel's code loads only when it is opened.
const ScenarioPanel = lazy(() => import('./ScenarioPanel'));

/** The discreet button that opens the QA scenario panel (ScenarioButton loads it where the recorder is enabled). */
export default function ScenarioLauncher() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title="Escenarios QA">
        <IconButton
          aria-label="Escenarios QA"
          aria-expanded={open}
          size="small"
          onClick={() => setOpen((o) => !o)}
          sx={{ position: 'fixed', left: 8, bottom: 8, zIndex: (t) => t.zIndex.drawer + 2, opacity: 0.55, '&:hover, &:focus-visible': { opacity: 1 }, bgcolor: 'background.paper', boxShadow: 1 }}
        >
          <ScienceOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <ScenarioPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
