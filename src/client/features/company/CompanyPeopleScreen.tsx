import AddIcon from '@mui/icons-material/Add';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import LockResetIcon from '@mui/icons-material/LockReset';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { type GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import type { CompanyPerson } from '@shared/api/companyPeople';
import { COMPANY_ROLE_LABELS } from '@shared/companyRoles';
import { fill } from '@shared/messages';
import { formatCLP } from '@shared/money';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { isPending } from '@client/app/loadable';
import { PortalDataGrid } from '@client/components/gridSetup';
import { GridBox, ListScreen } from '@client/components/ListScreen';
import { editColumn } from '@client/components/rowActions';
import { useWholeList } from '@client/components/useServerList';
import { selectPeople, selectPersonActivation } from './companySelectors';
import { peopleOpened, personActivationRequested, personAddOpened, personEditOpened, personLinkRequested } from './companySlice';
import { COMPANY_TEXT as T } from './companyTexts';
import { PersonDialog } from './PersonDialog';
import './companyFeature'; // the feature's slice and saga, in the store before this screen renders

const nameOf = (p: CompanyPerson) => p.name || p.rut;

const dataColumns: GridColDef<CompanyPerson>[] = [
  { field: 'name', headerName: T.colName, minWidth: 180, flex: 1.2, valueGetter: (_value, row) => (row.companyLogin ? `${nameOf(row)} (${T.companyLogin})` : nameOf(row)) },
  { field: 'rut', headerName: T.colRut, width: 130 },
  { field: 'email', headerName: T.colEmail, minWidth: 200, flex: 1.2 },
  { field: 'phone', headerName: T.colPhone, width: 120 },
  { field: 'role', headerName: T.colRole, width: 130, valueGetter: (_value, row) => COMPANY_ROLE_LABELS[row.role] },
  {
    field: 'monthlyLimit',
    headerName: T.colLimit,
    width: 140,
    type: 'number',
    valueFormatter: (_value, row) => (row.role !== 'COMPRADOR' ? '' : row.monthlyLimit === null ? T.noLimit : formatCLP(row.monthlyLimit)),
  },
  { field: 'active', headerName: T.colState, width: 100, valueGetter: (_value, row) => (row.active ? T.active : T.inactive) },
];

/**
 * /user/company/people, 'Mi empresa → Personas' (docs/company-people.md): the company's people for its Administrador,
 * with 'Agregar persona', 'Editar' (role, limit, phone), 'Desactivar' / 'Reactivar' and a new password link (both asked
 * first). The server
 * decides: a refusal (the last Administrador, an e-mail already used) comes back as its message.
 */
export default function CompanyPeopleScreen() {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectPeople);
  const busy = useAppSelector(selectPersonActivation).status === 'running';
  const screen = useWholeList(list, peopleOpened);

  const columns = useMemo<GridColDef<CompanyPerson>[]>(
    () => [
      ...dataColumns,
      editColumn<CompanyPerson>({ headerName: T.colEdit, label: (row) => fill(T.editPerson, { name: nameOf(row) }), onClick: (row) => dispatch(personEditOpened(row)) }),
      {
        field: 'activar',
        headerName: T.colActivation,
        width: 110,
        sortable: false,
        filterable: false,
        renderCell: ({ row, tabIndex }) => (
          <IconButton
            aria-label={fill(row.active ? T.deactivatePerson : T.reactivatePerson, { name: nameOf(row) })}
            color={row.active ? 'error' : 'primary'}
            size="small"
            tabIndex={tabIndex}
            disabled={busy}
            onClick={() => dispatch(personActivationRequested({ person: row, active: !row.active }))}
          >
            {row.active ? <PersonOffIcon fontSize="small" /> : <HowToRegIcon fontSize="small" />}
          </IconButton>
        ),
      },
      {
        field: 'enlace',
        headerName: T.colLink,
        width: 110,
        sortable: false,
        filterable: false,
        renderCell: ({ row, tabIndex }) =>
          row.active && row.email ? (
            <IconButton aria-label={fill(T.linkPerson, { name: nameOf(row) })} color="primary" size="small" tabIndex={tabIndex} disabled={busy} onClick={() => dispatch(personLinkRequested(row))}>
              <LockResetIcon fontSize="small" />
            </IconButton>
          ) : null,
      },
    ],
    [dispatch, busy],
  );

  const toolbar = (
    <Box sx={{ mb: 2 }}>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => dispatch(personAddOpened())}>
        {T.add}
      </Button>
    </Box>
  );

  return (
    <ListScreen titleId="company-people-title" title={T.title} {...screen} retryLabel={T.retry} toolbar={toolbar} extra={<PersonDialog />}>
      <GridBox>
        <PortalDataGrid
          aria-label={T.grid}
          rows={list.data}
          columns={columns}
          loading={isPending(list.status)}
          noRowsLabel={T.empty}
          cards={{ title: 'name', actions: ['editar', 'activar', 'enlace'] }}
        />
      </GridBox>
    </ListScreen>
  );
}
