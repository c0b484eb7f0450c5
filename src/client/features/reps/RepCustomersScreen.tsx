import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { RepCustomerRow } from '@shared/api/reps';
import { formatDate } from '@shared/dates';
import { fill } from '@shared/messages';
import { formatCLP } from '@shared/money';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { repLinesheetPath } from '@client/app/routePaths';
import { ServerListScreen } from '@client/components/ServerListScreen';
import { selectRepCustomers, selectRepCustomersNotice, selectRepresentPending, selectRepSession } from './repsSelectors';
import { representRequested, repCustomersList } from './repsSlice';
import { REPS_TEXT as T } from './repsTexts';
import './repsFeature'; // the feature's slice and saga, in the store before this screen renders

/** The grid's fields that the API sorts by another name. */
const SORT_OF: Record<string, string> = { creditLimit: 'credit' };
const FIELD_OF: Record<string, string> = { credit: 'creditLimit' };

const money = (value: number) => formatCLP(value);

/**
 * A customer's status as the buyer's blocked screens word it: 'Activo', or the ERP's reasons ('Bloqueado por morosidad'),
 * prefixed 'Bloqueado:' when they do not say so themselves.
 */
export function customerStatus(row: Pick<RepCustomerRow, 'blocked' | 'blockedReasons'>): string {
  if (!row.blocked) return T.active;
  if (!row.blockedReasons.length) return T.blocked;
  const reasons = row.blockedReasons.join(', ');
  return row.blockedReasons.every((r) => /bloquead/i.test(r)) ? reasons : fill(T.blockedWhy, { reasons });
}

/** The last ERP order: 'N° 1234 · 01-03-2026 · $120.000', or 'Sin pedidos'. */
export function lastOrderText(order: RepCustomerRow['lastOrder']): string {
  return order ? fill(T.lastOrder, { docNum: order.docNum, date: formatDate(order.date), total: formatCLP(order.total) }) : T.noOrders;
}

const dataColumns: GridColDef<RepCustomerRow>[] = [
  { field: 'name', headerName: T.colName, minWidth: 200, flex: 1.2 },
  { field: 'rut', headerName: T.colRut, width: 130 },
  { field: 'comuna', headerName: T.colComuna, minWidth: 120, flex: 0.6 },
  {
    field: 'blocked',
    headerName: T.colStatus,
    minWidth: 200,
    flex: 0.8,
    sortable: false,
    valueGetter: (_value, row) => customerStatus(row),
    renderCell: ({ row, value }) => (
      <Typography component="span" variant="body2" sx={{ color: row.blocked ? 'error.main' : 'success.main', fontWeight: row.blocked ? 600 : undefined, whiteSpace: 'normal' }}>
        {value as string}
      </Typography>
    ),
  },
  { field: 'creditLimit', headerName: T.colCredit, type: 'number', width: 140, valueFormatter: money },
  { field: 'availableCredit', headerName: T.colAvailable, type: 'number', width: 140, sortable: false, valueFormatter: money },
  { field: 'overdue', headerName: T.colOverdue, type: 'number', width: 130, sortable: false, valueFormatter: money },
  { field: 'lastOrder', headerName: T.colLastOrder, minWidth: 200, flex: 0.9, sortable: false, valueGetter: (_value, row) => lastOrderText(row.lastOrder) },
];

/**
 * /rep/customers: 'Mis clientes', the customers a sales rep may represent (their own as the ERP assigns them, or every
 * customer), with what the rep needs before a visit; each with 'Representar'. Paged, searched and sorted by the server;
 * cards on a phone.
 */
export default function RepCustomersScreen() {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectRepCustomers);
  const notice = useAppSelector(selectRepCustomersNotice);
  const pending = useAppSelector(selectRepresentPending);
  const rep = useAppSelector(selectRepSession);
  const current = rep?.representing?.cardCode ?? null;

  const columns = useMemo<GridColDef<RepCustomerRow>[]>(
    () => [
      ...dataColumns,
      {
        field: 'actions',
        headerName: T.colActions,
        width: 290,
        sortable: false,
        renderCell: ({ row, tabIndex }) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
            <Button
              size="small"
              variant={row.cardCode === current ? 'outlined' : 'contained'}
              tabIndex={tabIndex}
              aria-label={fill(T.representOf, { name: row.name })}
              disabled={pending !== null}
              startIcon={pending === row.cardCode ? <CircularProgress size={16} aria-hidden="true" /> : undefined}
              onClick={() => dispatch(representRequested({ cardCode: row.cardCode, name: row.name }))}
            >
              {row.cardCode === current ? T.representing : T.represent}
            </Button>
            <Button size="small" variant="text" tabIndex={tabIndex} component={RouterLink} to={repLinesheetPath(row.rut)} aria-label={fill(T.sendSheetTo, { name: row.name })}>
              {T.sendSheet}
            </Button>
          </Stack>
        ),
      },
    ],
    [dispatch, pending, current],
  );

  return (
    <ServerListScreen
      titleId="rep-customers-title"
      list={list}
      actions={repCustomersList.actions}
      columns={columns}
      texts={T}
      options={{ sortOf: (field) => SORT_OF[field] ?? field, fieldOf: (sort) => FIELD_OF[sort] ?? sort }}
      above={
        rep && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {rep.scope === 'TODOS' ? T.scopeAll : T.scopeAssigned}
          </Typography>
        )
      }
      filters={{ label: T.filters, search: { label: T.search, placeholder: T.searchPlaceholder } }}
      notice={
        notice && (
          <Alert severity="info" role="status" sx={{ mb: 2 }}>
            {notice}
          </Alert>
        )
      }
      grid={{ getRowId: (row) => row.cardCode, cards: { title: 'name', actions: ['actions'] } }}
    />
  );
}
