import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { type GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import type { AdminUserRow } from '@shared/api/adminUsers';
import { COMPANY_ROLE_LABELS, COMPANY_ROLES } from '@shared/companyRoles';
import { formatDate } from '@shared/dates';
import { REP_SCOPE_LABELS } from '@shared/roles';
import { fill } from '@shared/messages';
import { assignableUserTypes, USER_MSG, USER_TYPE_LABELS } from '@shared/schemas/users';
import { listFiltered } from '@client/app/pagedList';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { deleteColumn, editColumn } from '@client/components/rowActions';
import { ServerListScreen } from '@client/components/ServerListScreen';
import { USER_CREATE_PATH } from './adminUsersPaths';
import { selectCurrentRole, selectUserDelete, selectUsersList } from './adminUsersSelectors';
import { userDeleteRequested, userEditChosen, usersList } from './adminUsersSlice';
import { ADMIN_USERS_TEXT as T } from './adminUsersTexts';
import './adminUsersFeature'; // the feature's slice and saga, in the store before this screen renders

const stateOptions = [
  { value: 'active', label: USER_MSG.active },
  { value: 'inactive', label: USER_MSG.inactive },
];

const companyRoleOptions = COMPANY_ROLES.map((value) => ({ value, label: COMPANY_ROLE_LABELS[value] }));

const dataColumns: GridColDef<AdminUserRow>[] = [
  { field: 'username', headerName: T.colUsername, minWidth: 130, flex: 1 },
  { field: 'fullName', headerName: T.colFullName, minWidth: 170, flex: 1.2, valueFormatter: (value: string) => value || '-' },
  { field: 'email', headerName: T.colEmail, minWidth: 180, flex: 1.5 },
  { field: 'userType', headerName: T.colRole, width: 150, valueFormatter: (value: AdminUserRow['userType']) => USER_TYPE_LABELS[value] ?? value },
  {
    field: 'enabled',
    headerName: T.colEnabled,
    width: 110,
    renderCell: ({ row }) =>
      row.enabled ? <Chip size="small" color="success" label={USER_MSG.active} /> : <Chip size="small" color="error" label={USER_MSG.inactive} />,
  },
  { field: 'companyName', headerName: T.colCompany, minWidth: 180, flex: 1.2, valueFormatter: (value: string | null) => value ?? '-' },
  {
    field: 'companyRole',
    headerName: T.colCompanyRole,
    width: 150,
    valueFormatter: (value: AdminUserRow['companyRole']) => (value ? COMPANY_ROLE_LABELS[value] : '-'),
  },
  {
    // a sales rep's ERP sales employee: code and name (the code alone when the ERP could not be asked)
    field: 'salesPersonCode',
    headerName: T.colSalesPerson,
    minWidth: 190,
    flex: 1,
    valueFormatter: (value: AdminUserRow['salesPersonCode'], row: AdminUserRow) =>
      value === null ? '-' : row.salesPersonName ? fill(T.salesPersonOption, { code: value, name: row.salesPersonName }) : String(value),
  },
  { field: 'repScope', headerName: T.colRepScope, width: 170, valueFormatter: (value: AdminUserRow['repScope']) => (value ? REP_SCOPE_LABELS[value] : '-') },
  { field: 'createdAt', headerName: T.colCreatedAt, width: 110, valueFormatter: (value: string) => formatDate(value) },
];

/**
 * /admin/user (R-ADM-USR-1): the users the admin may see (the server hides ADMIN and SUPERADMIN users
 * from an ADMIN), with each buyer's company (rut, ERP name) and role in it, each sales rep's ERP sales employee and
 * scope, Editar and Eliminar; searched, filtered
 * (one company's people too: its rut in the filter, or a click on it), sorted and paged by the server, and exported as CSV.
 */
export default function UserListScreen() {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectUsersList);
  const role = useAppSelector(selectCurrentRole);
  const deleting = useAppSelector(selectUserDelete).status === 'running';
  const roleOptions = useMemo(() => assignableUserTypes(role).map((value) => ({ value, label: USER_TYPE_LABELS[value] })), [role]);

  const columns = useMemo<GridColDef<AdminUserRow>[]>(
    () => [
      ...dataColumns.slice(0, 3),
      {
        // the company's rut lists its people
        field: 'companyRut',
        headerName: T.colCompanyRut,
        width: 140,
        renderCell: ({ row }) =>
          row.companyRut ? (
            <Link
              component="button"
              type="button"
              variant="body2"
              aria-label={fill(T.companyPeople, { rut: row.companyRut })}
              onClick={() => dispatch(usersList.actions.changed({ filters: { company: row.companyRut } }))}
            >
              {row.companyRut}
            </Link>
          ) : (
            '-'
          ),
      },
      ...dataColumns.slice(3),
      editColumn<AdminUserRow>({ headerName: T.colEdit, label: (row) => fill(T.editUser, { username: row.username }), onClick: (row) => dispatch(userEditChosen(row.id)) }),
      deleteColumn<AdminUserRow>({
        headerName: T.colDelete,
        label: (row) => fill(T.deleteUser, { username: row.username }),
        disabled: deleting,
        onClick: (row) => dispatch(userDeleteRequested({ id: row.id, username: row.username })),
      }),
    ],
    [dispatch, deleting],
  );

  return (
    <ServerListScreen
      titleId="admin-users-title"
      create={{ to: USER_CREATE_PATH, label: T.create }}
      list={list}
      actions={usersList.actions}
      columns={columns}
      texts={{ title: USER_MSG.listTitle, grid: T.usersGrid, empty: listFiltered(list) ? T.noMatch : USER_MSG.empty, retry: T.retry }}
      filters={{
        label: T.filters,
        search: { label: T.search, placeholder: T.searchPlaceholder },
        texts: [{ name: 'company', label: T.companyFilter, placeholder: T.companyFilterPlaceholder }],
        selects: [
          { name: 'role', label: T.colRole, options: roleOptions },
          { name: 'state', label: T.colEnabled, options: stateOptions },
          { name: 'companyRole', label: T.colCompanyRole, options: companyRoleOptions },
        ],
        exportCsv: true,
      }}
      // wider than a laptop's screen: every column is drawn (10 rows a page), so Editar and Eliminar are there to reach
      // by keyboard and scroll, not drawn only once scrolled into view
      grid={{ cards: { title: 'username', actions: ['editar', 'eliminar'] }, columnBufferPx: 4000 }}
    />
  );
}
