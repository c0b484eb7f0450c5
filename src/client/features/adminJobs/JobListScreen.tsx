import ReplayIcon from '@mui/icons-material/Replay';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef, GridRowSelectionModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import type { AdminJob } from '@shared/api/adminJobs';
import { formatDateTime } from '@shared/dates';
import { fill } from '@shared/messages';
import { JOB_FAILURE_LABELS, JOB_KIND_LABELS, JOB_STATUS_LABELS } from '@shared/schemas/adminJobs';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { adminJobPath, adminOrderPath } from '@client/app/routePaths';
import { JobStatusChip } from '@client/components/JobStatusChip';
import { linkColumn } from '@client/components/rowActions';
import { ServerListScreen } from '@client/components/ServerListScreen';
import { selectJobsList, selectJobsRetry, selectJobsSummary, selectSelectedJobs } from './adminJobsSelectors';
import { jobsList, jobsRetryRequested, jobsSelectionChanged } from './adminJobsSlice';
import { ADMIN_JOBS_TEXT as T, jobKindLabel } from './adminJobsTexts';
import './adminJobsFeature'; // the feature's slice and saga, in the store before this screen renders

const canRetry = (job: AdminJob) => job.status === 'failed';

const statusOptions = [
  { value: 'open', label: T.statusOpen },
  ...(['pending', 'waiting', 'failed', 'done'] as const).map((value) => ({ value, label: JOB_STATUS_LABELS[value] })),
];
const kindOptions = Object.entries(JOB_KIND_LABELS).map(([value, label]) => ({ value, label }));
const failureOptions = (['exhausted', 'rejected'] as const).map((value) => ({ value, label: JOB_FAILURE_LABELS[value] }));

const dateTime = (value: string | null) => formatDateTime(value);

const columns: GridColDef<AdminJob>[] = [
  linkColumn<AdminJob>({ field: 'id', headerName: T.colId, width: 80, to: (row) => adminJobPath(row.id), text: (row) => row.id, label: (row) => fill(T.viewJob, { id: row.id }) }),
  { field: 'kind', headerName: T.colKind, minWidth: 150, flex: 0.8, valueFormatter: (value: string) => jobKindLabel(value) },
  { field: 'key', headerName: T.colKey, minWidth: 190, flex: 1 },
  { field: 'status', headerName: T.colStatus, width: 210, renderCell: ({ row }) => <JobStatusChip job={row} /> },
  { field: 'attempts', headerName: T.colAttempts, width: 90, type: 'number' },
  {
    field: 'lastError',
    headerName: T.colLastError,
    minWidth: 220,
    flex: 1.5,
    sortable: false,
    renderCell: ({ value }) =>
      value ? (
        <Tooltip title={value}>
          <span>{value}</span>
        </Tooltip>
      ) : (
        ''
      ),
  },
  { field: 'createdAt', headerName: T.colCreatedAt, width: 150, valueFormatter: dateTime },
  { field: 'lastAttemptAt', headerName: T.colLastAttemptAt, width: 150, valueFormatter: dateTime },
  { field: 'nextAttemptAt', headerName: T.colNextAttemptAt, width: 150, valueFormatter: (value: string, row) => (row.status === 'pending' ? dateTime(value) : '') },
  linkColumn<AdminJob>({
    field: 'orderNumber',
    headerName: T.colOrder,
    width: 110,
    sortable: false,
    to: (row) => (row.orderNumber ? adminOrderPath(row.orderNumber) : null),
    text: (row) => row.orderNumber,
  }),
];

/** The ids a grid selection names: 'exclude' (every row but these) is read against the page shown. */
function selectedIds(model: GridRowSelectionModel, rows: AdminJob[]): number[] {
  if (model.type === 'include') return [...model.ids].map(Number);
  return rows.filter((job) => canRetry(job) && !model.ids.has(job.id)).map((job) => job.id);
}

/** /admin/jobs: 'Trabajos ERP', the outbox jobs (pending and failed first) with their tries; failed ones retried many at once. */
export default function JobListScreen() {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectJobsList);
  const selected = useAppSelector(selectSelectedJobs);
  const retrying = useAppSelector(selectJobsRetry).status === 'running';
  const summary = useAppSelector(selectJobsSummary).data;

  const selectionModel = useMemo<GridRowSelectionModel>(() => ({ type: 'include', ids: new Set(selected) }), [selected]);
  return (
    <ServerListScreen
      titleId="admin-jobs-title"
      list={list}
      actions={jobsList.actions}
      columns={columns}
      texts={T}
      above={
        summary && (
          <Stack direction="row" spacing={1} useFlexGap aria-label={T.summary} role="status" sx={{ flexWrap: 'wrap', mb: 2 }}>
            <Chip color={summary.failed > 0 ? 'error' : 'default'} label={fill(T.summaryFailed, { n: summary.failed })} />
            <Chip label={fill(T.summaryPending, { n: summary.pending })} />
            <Chip label={fill(T.summaryWaiting, { n: summary.waiting })} />
            {summary.oldestPendingAt && <Chip variant="outlined" label={fill(T.summaryOldest, { at: formatDateTime(summary.oldestPendingAt) })} />}
          </Stack>
        )
      }
      filters={{
        label: T.filters,
        search: { label: T.search, placeholder: T.searchPlaceholder },
        selects: [
          { name: 'status', label: T.status, options: statusOptions },
          { name: 'kind', label: T.kind, options: kindOptions },
          { name: 'failure', label: T.failure, options: failureOptions },
        ],
        dates: true,
        exportCsv: true,
        actions: (
          <Button
            variant="contained"
            color="warning"
            startIcon={<ReplayIcon />}
            disabled={selected.length === 0 || retrying}
            onClick={() => dispatch(jobsRetryRequested(selected))}
          >
            {fill(T.retrySelected, { n: selected.length })}
          </Button>
        ),
      }}
      grid={{
        checkboxSelection: true,
        isRowSelectable: ({ row }) => canRetry(row),
        rowSelectionModel: selectionModel,
        onRowSelectionModelChange: (model) => dispatch(jobsSelectionChanged(selectedIds(model, list.rows))),
        cards: { title: 'id' },
      }}
    />
  );
}
