import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect, useRef } from 'react';
import { canRetry, PRIMARY_ACTION_SX } from '@client/app/problems';

export interface ProblemAlertProps {
  /** What happened, what it means for the buyer and what to do (app/problems.ts words the ERP's failures). */
  message: string;
  /** The retry: loads again, or repeats the action that failed. */
  onRetry?: () => void;
  /** The failed answer's HTTP status: no retry for a 4xx the same request would get again (`canRetry`). */
  errorStatus?: number;
  retryLabel?: string;
  /** The retry is running: its button waits. */
  busy?: boolean;
  severity?: 'error' | 'warning';
  /**
   * The alert answers something the user just did far from it (a button at the bottom of a long form): it is scrolled
   * into view and takes the focus when it appears or its message changes, so it is seen and its retry is at hand.
   */
  takeFocus?: boolean;
}

/** The one alert a screen shows for a failure, with its retry button under the text (readable at 375 px). */
export function ProblemAlert({ message, onRetry, errorStatus, retryLabel = 'Reintentar', busy = false, severity = 'error', takeFocus = false }: ProblemAlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const alert = ref.current;
    if (!takeFocus || !alert) return;
    alert.scrollIntoView?.({ block: 'center' });
    alert.focus({ preventScroll: true });
  }, [takeFocus, message]);
  return (
    <Alert ref={ref} tabIndex={takeFocus ? -1 : undefined} severity={severity} sx={{ mb: 2, '& .MuiAlert-message': { width: '100%' } }}>
      <div>{message}</div>
      {onRetry && canRetry(errorStatus) && (
        <Button variant="outlined" color="inherit" onClick={onRetry} disabled={busy} sx={{ ...PRIMARY_ACTION_SX, mt: 1.5 }}>
          {retryLabel}
        </Button>
      )}
    </Alert>
  );
}
