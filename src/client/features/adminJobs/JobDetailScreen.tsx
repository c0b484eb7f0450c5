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
import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { JobEvent } from '@shared/api/adminJobs';
import { formatDateTime } from '@shared/dates';
import { fill } from '@shared/messages';
import { JOB_FAILURE_LABELS } from '@shared/schemas/adminJobs';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { ADMIN_JOBS_PATH, adminOrderPath } from '@client/app/routePaths';
import { DetailScreen, DetailSection } from '@client/components/DetailScreen';
import { FactList } from '@client/components/FactList';
import { JobStatusChip } from '@client/components/JobStatusChip';
import { selectJobDetail, selectJobsRetry } from './adminJobsSelectors';
import { jobDetailOpened, jobRetryRequested } from './adminJobsSlice';
import { ADMIN_JOBS_TEXT as T, JOB_EVENT_LABELS, jobKindLabel } from './adminJobsTexts';
import './adminJobsFeature'; // the feature's slice and saga, in the store before this screen renders

const eventLabel = (event: JobEvent) =>
  event.event === 'failed' && event.failure ? `${JOB_EVENT_LABELS.failed} (${JOB_FAILURE_LABELS[event.failure]})` : JOB_EVENT_LABELS[event.event];

/** /admin/jobs/:id: one job, its state and every try of it (and each re-queue), with 'Reintentar' when it failed. */
export default function JobDetailScreen() {
  const dispatch = useAppDispatch();
  const param = useParams().id ?? '';
  const id = Number(param);
  // '/admin/jobs/abc' names no job: said at once (it waited for a load never asked for, its progress bar forever)
  const validId = /^\d+$/.test(param) && Number.isSafeInteger(id) && id > 0;
  const detail = useAppSelector(selectJobDetail);
  const retrying = useAppSelector(selectJobsRetry).status === 'running';

  useEffect(() => {
    if (validId) dispatch(jobDetailOpened(id));
  }, [dispatch, id, validId]);

  const data = detail.id === id ? detail.data : null;
  const job = data?.job;
  return (
    <DetailScreen
      title={fill(T.detailTitle, { id: validId ? id : '' })}
      back={{ to: ADMIN_JOBS_PATH, label: T.backToJobs }}
      actions={
        job?.status === 'failed' && (
          <Button variant="contained" color="warning" startIcon={<ReplayIcon />} disabled={retrying} onClick={() => dispatch(jobRetryRequested(job.id))}>
            {T.retry}
          </Button>
        )
      }
      loading={validId && (detail.id !== id || detail.status === 'loading' || detail.status === 'idle')}
      loadingLabel={T.loading}
      error={!validId ? T.invalidJob : detail.id === id && detail.status === 'failed' ? (detail.error ?? T.detailLoadFailed) : null}
      errorStatus={detail.errorStatus}
      retryLabel={T.retry}
      onRetry={validId ? () => dispatch(jobDetailOpened(id)) : undefined}
    >
      {job && data && (
        <>
          <DetailSection title={T.fieldStatus}>
            <FactList
              facts={[
                { label: T.fieldStatus, value: <JobStatusChip job={job} /> },
                { label: T.fieldKind, value: jobKindLabel(job.kind) },
                { label: T.fieldKey, value: job.key },
                {
                  label: T.fieldOrder,
                  value: job.orderNumber ? (
                    <Link component={RouterLink} to={adminOrderPath(job.orderNumber)}>
                      {job.orderNumber}
                    </Link>
                  ) : null,
                },
                { label: T.fieldAttempts, value: String(job.attempts) },
                { label: T.fieldLastError, value: job.lastError },
                { label: T.fieldCreatedAt, value: formatDateTime(job.createdAt) },
                { label: T.fieldLastAttemptAt, value: formatDateTime(job.lastAttemptAt) },
                ...(job.status === 'pending' ? [{ label: T.fieldNextAttemptAt, value: formatDateTime(job.nextAttemptAt) }] : []),
                ...(job.doneAt ? [{ label: T.fieldDoneAt, value: formatDateTime(job.doneAt) }] : []),
                ...(job.postedAt ? [{ label: T.fieldPostedAt, value: formatDateTime(job.postedAt) }] : []),
              ]}
            />
          </DetailSection>
          <DetailSection title={T.events}>
            {data.events.length === 0 ? (
              <Typography variant="body2">{T.noEvents}</Typography>
            ) : (
              <TableContainer tabIndex={0} role="region" aria-label={T.eventsGrid}>
                <Table size="small" aria-label={T.eventsGrid}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{T.colAttempt}</TableCell>
                      <TableCell>{T.colEvent}</TableCell>
                      <TableCell>{T.colMessage}</TableCell>
                      <TableCell>{T.colStartedAt}</TableCell>
                      <TableCell>{T.colAt}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.events.map((event) => (
                      <TableRow key={event.id}>
                        <TableCell>{event.attempt || ''}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap', color: event.event === 'failed' || event.event === 'retry' ? 'error.main' : undefined }}>
                          {eventLabel(event)}
                        </TableCell>
                        <TableCell sx={{ minWidth: 220, overflowWrap: 'anywhere' }}>{event.message ?? ''}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.startedAt)}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.at)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </DetailSection>
        </>
      )}
    </DetailScreen>
  );
}
