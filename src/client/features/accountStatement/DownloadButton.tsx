import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { fill } from '@shared/messages';
import type { Flow } from '@client/app/loadable';
import { PRIMARY_ACTION_SX } from '@client/app/problems';

/** A file's download button: its spinner and busy state while the file comes (one download of it at a time). */
export function DownloadButton({ label, format, flow, busyText, disabled, onClick }: { label: string; format: string; flow: Flow; busyText: string; disabled?: boolean; onClick: () => void }) {
  const running = flow.status === 'running';
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      loading={running}
      loadingPosition="start"
      disabled={disabled}
      aria-busy={running}
      onClick={onClick}
      sx={PRIMARY_ACTION_SX}
      title={running ? fill(busyText, { format }) : undefined}
    >
      {label}
    </Button>
  );
}
