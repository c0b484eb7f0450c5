import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { canRetry } from '@client/app/problems';

// The frame of a detail screen (an order, a job): the way back, the heading with its actions, a progress bar while it
// loads, its load error with a retry, then its sections.

interface Props {
  title: string;
  back: { to: string; label: string };
  /** Beside the heading (Reintentar…). */
  actions?: ReactNode;
  loading: boolean;
  loadingLabel: string;
  /** The load failed: the message and a retry in place of the sections. */
  error: string | null;
  /** The failed answer's HTTP status: no retry for a 4xx the same request would get again (`canRetry`). */
  errorStatus?: number;
  retryLabel: string;
  /** Absent: no retry (an address that names nothing cannot load by trying again). */
  onRetry?: () => void;
  children: ReactNode;
}

export function DetailScreen({ title, back, actions, loading, loadingLabel, error, errorStatus, retryLabel, onRetry, children }: Props) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Button component={RouterLink} to={back.to} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {back.label}
      </Button>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 2 }}>
        <Typography id={titleId} variant="h1" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {actions}
      </Stack>
      {loading && <LinearProgress aria-label={loadingLabel} sx={{ mb: 2 }} />}
      {error ? (
        <Alert
          severity="error"
          action={
            onRetry &&
            canRetry(errorStatus) && (
              <Button color="inherit" size="small" onClick={onRetry}>
                {retryLabel}
              </Button>
            )
          }
        >
          {error}
        </Alert>
      ) : (
        <Stack spacing={2}>{children}</Stack>
      )}
    </Box>
  );
}

/** One section of a detail screen: a titled paper. */
export function DetailSection({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 1.5, sm: 2.5 }, minWidth: 0 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1.5 }}>
        <Typography id={titleId} variant="h2" component="h2" sx={{ fontSize: '1.2rem' }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}
