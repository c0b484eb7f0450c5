import ReplayIcon from '@mui/icons-material/Replay';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AdminJob } from '@shared/api/adminJobs';
import { fill } from '@shared/messages';
import { JOB_KIND_LABELS } from '@shared/schemas/adminJobs';
import { focusIsLost } from '@client/app/focusTargets';
import { adminJobPath } from '@client/app/routePaths';
import { JobStatusChip } from '@client/components/JobStatusChip';
import { ADMIN_ORDERS_TEXT as T } from './adminOrdersTexts';

interface Props {
  jobs: AdminJob[];
  retrying: boolean;
  onRetry: (id: number) => void;
}

/** The order's outbox jobs (ERP order, ERP payments, mails), newest first; a failed one can be retried from here. */
export function OrderJobsTable({ jobs, retrying, onRetry }: Props) {
  const table = useRef<HTMLDivElement>(null);
  // The job whose 'Reintentar' had the focus last. Once retried the job is no longer failed and its button goes (the
  // focus fell to <body>): it goes to the job's link in the same row, which names it.
  const focusedRetry = useRef<number | null>(null);
  useEffect(() => {
    const id = focusedRetry.current;
    if (id === null || !table.current || jobs.some((job) => job.id === id && job.status === 'failed')) return;
    focusedRetry.current = null;
    if (focusIsLost()) table.current.querySelector<HTMLElement>(`a[data-job="${id}"]`)?.focus();
  });

  if (jobs.length === 0) return <Typography variant="body2">{T.noJobs}</Typography>;
  return (
    <TableContainer ref={table} tabIndex={0} role="region" aria-label={T.jobs}>
      <Table size="small" aria-label={T.jobs}>
        <TableHead>
          <TableRow>
            <TableCell>{T.colJob}</TableCell>
            <TableCell>{T.colJobKind}</TableCell>
            <TableCell>{T.colJobStatus}</TableCell>
            <TableCell align="right">{T.colJobAttempts}</TableCell>
            <TableCell>{T.colJobError}</TableCell>
            <TableCell>{T.colJobAction}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {jobs.map((job) => (
            <TableRow key={job.id}>
              <TableCell>
                <Link component={RouterLink} to={adminJobPath(job.id)} aria-label={fill(T.viewJob, { id: job.id })} data-job={job.id}>
                  {job.id}
                </Link>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{JOB_KIND_LABELS[job.kind] ?? job.kind}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <JobStatusChip job={job} />
              </TableCell>
              <TableCell align="right">{job.attempts}</TableCell>
              <TableCell sx={{ minWidth: 200, overflowWrap: 'anywhere' }}>{job.lastError ?? ''}</TableCell>
              <TableCell>
                {job.status === 'failed' && (
                  <Button
                    size="small"
                    color="warning"
                    startIcon={<ReplayIcon />}
                    disabled={retrying}
                    onClick={() => onRetry(job.id)}
                    onFocus={() => (focusedRetry.current = job.id)}
                    aria-label={fill(T.retryJobLabel, { id: job.id })}
                  >
                    {T.retryJob}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
