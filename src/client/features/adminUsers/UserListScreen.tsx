import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import { type GridColDef } from '@mui/x-data-grid';
import { useEffect, useMemo } from 'react';
import { useSelector } from 'react-redux';
import type { AdminUserRow } from '@shared/api/adminUsers';
import { formatDate } from '@shared/dates';
import { fill } from '@shared/messages';
import { assignableUserTypes, USER_MSG, USER_TYPE_LABELS } from '@shared/schemas/users';
import { listFiltered } from '@client/app/pagedList';
import { useAppDispatch } from '@client/app/hooks';
import { PortalDataGrid } from '@client/components/gridSetup';
import { GridBox, ListScreen } from '@client/components/ListScreen';
import { ListToolbar } from '@client/components/ListToolbar';
import { useCardSort, useServerGridProps } from '@client/components/serverGrid';
import { USER_CREATE_PATH } from './adminUsersPaths';
import { selectCurrentRole, selectUserDelete, selectUsersList, type AdminUsersRootState } from './adminUsersSelectors';
import {
  userDeleteRequested,
  userEditChosen,
  userListOpened,
  usersExportRequested,
  usersFiltersCleared,
  usersListChanged,
  usersSearchTyped,
  type UserFilters,
} from './adminUsersSlice';
import { ADMIN_USERS_TEXT as T } from './adminUsersTexts';
import './adminUsersFeature'; // the feature's slice and saga, in the store before this screen renders

const useAdminSelector = useSelector.withTypes<AdminUsersRootState>();

const stateOptions = [
  { value: 'active', label: USER_MSG.active },
  { value: 'inactive', label: USER_MSG.inactive },
];

const dataColumns: GridColDef<AdminUserRow>[] = [
  { field: 'username', headerName: T.colUsername, minWidth: 130, flex: 1 },
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
  { field: 'createdAt', headerName: T.colCreatedAt, width: 110, valueFormatter: (value: string) => formatDate(value) },
];

/**
 * /admin/user (R-ADM-USR-1): the users the admin may see (the server hides ADMIN and SUPERADMIN users
 * from an ADMIN), with their company in the ERP, Editar and Eliminar; searched, filtered, sorted and paged by the
 * server, and exported as CSV.
 */
export default function UserListScreen() {
  const dispatch = useAppDispatch();
  const list = useAdminSelector(selectUsersList);
  const role = useAdminSelector(selectCurrentRole);
  const deleting = useAdminSelector(selectUserDelete).status === 'running';
  const { filters } = list;
  const roleOptions = useMemo(() => assignableUserTypes(role).map((value) => ({ value, label: USER_TYPE_LABELS[value] })), [role]);

  useEffect(() => {
    dispatch(userListOpened());
  }, [dispatch]);

  const columns = useMemo<GridColDef<AdminUserRow>[]>(
    () => [
      ...dataColumns,
      {
        field: 'editar',
        headerName: T.colEdit,
        width: 80,
        sortable: false,
        filterable: false,
        renderCell: ({ row, tabIndex }) => (
          <IconButton
            aria-label={fill(T.editUser, { username: row.username })}
            color="primary"
            size="small"
            tabIndex={tabIndex}
            onClick={() => dispatch(userEditChosen(row.id))}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        ),
      },
      {
        field: 'eliminar',
        headerName: T.colDelete,
        width: 90,
        sortable: false,
        filterable: false,
        renderCell: ({ row, tabIndex }) => (
          <IconButton
            aria-label={fill(T.deleteUser, { username: row.username })}
            color="error"
            size="small"
            tabIndex={tabIndex}
            disabled={deleting}
            onClick={() => dispatch(userDeleteRequested({ id: row.id, username: row.username }))}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        ),
      },
    ],
    [dispatch, deleting],
  );

  const gridProps = useServerGridProps(list, columns, (change) => dispatch(usersListChanged(change)));
  const cardSort = useCardSort(list, columns, (change) => dispatch(usersListChanged(change)));

  return (
    <ListScreen
      titleId="admin-users-title"
      title={USER_MSG.listTitle}
      create={{ to: USER_CREATE_PATH, label: T.create }}
      failed={list.status === 'failed'}
      error={list.error}
      errorStatus={list.errorStatus}
      retryLabel={T.retry}
      onRetry={() => dispatch(userListOpened())}
      toolbar={
        <ListToolbar
          sort={cardSort}
          label={T.filters}
          search={{ label: T.search, placeholder: T.searchPlaceholder, value: filters.q, onChange: (q) => dispatch(usersSearchTyped(q)) }}
          selects={[
            { name: 'role', label: T.colRole, value: filters.role, options: roleOptions },
            { name: 'state', label: T.colEnabled, value: filters.state, options: stateOptions },
          ]}
          onSelect={(name, value) => dispatch(usersListChanged({ filters: { [name]: value } as Partial<UserFilters> }))}
          onClear={() => dispatch(usersFiltersCleared())}
          exportCsv={{ onClick: () => dispatch(usersExportRequested()), running: list.exporting.status === 'running' }}
        />
      }
    >
      <GridBox>
        <PortalDataGrid
          aria-label={T.usersGrid}
          rows={list.rows}
          columns={columns}
          {...gridProps}
          noRowsLabel={listFiltered(list) ? T.noMatch : USER_MSG.empty}
          cards={{ title: 'username', actions: ['editar', 'eliminar'] }}
        />
      </GridBox>
    </ListScreen>
  );
}
