import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import { type GridColDef } from '@mui/x-data-grid';
import { useEffect, useMemo } from 'react';
import { useSelector } from 'react-redux';
import type { AdminUser } from '@shared/api/adminUsers';
import { fill } from '@shared/messages';
import { USER_MSG, USER_TYPE_LABELS } from '@shared/schemas/users';
import { useAppDispatch } from '@client/app/hooks';
import { paginationProps, PortalDataGrid } from '@client/components/gridSetup';
import { GridBox, ListScreen } from '@client/components/ListScreen';
import { USER_CREATE_PATH } from './adminUsersPaths';
import { selectUserDelete, selectUsers, type AdminUsersRootState } from './adminUsersSelectors';
import { userDeleteRequested, userEditChosen, userListOpened } from './adminUsersSlice';
import { ADMIN_USERS_TEXT as T } from './adminUsersTexts';
import './adminUsersFeature'; // the feature's slice and saga, in the store before this screen renders

const useAdminSelector = useSelector.withTypes<AdminUsersRootState>();

const dataColumns: GridColDef<AdminUser>[] = [
  { field: 'username', headerName: T.colUsername, minWidth: 130, flex: 1 },
  { field: 'email', headerName: T.colEmail, minWidth: 180, flex: 1.5 },
  { field: 'userType', headerName: T.colRole, width: 150, valueFormatter: (value: AdminUser['userType']) => USER_TYPE_LABELS[value] ?? value },
  {
    field: 'enabled',
    headerName: T.colEnabled,
    width: 110,
    renderCell: ({ row }) =>
      row.enabled ? <Chip size="small" color="success" label={USER_MSG.active} /> : <Chip size="small" color="error" label={USER_MSG.inactive} />,
  },
];

/**
 * /admin/user (admin document section 2): the users the admin may see (the server hides ADMIN and SUPERADMIN users
 * from an ADMIN), with Editar and Eliminar.
 */
export default function UserListScreen() {
  const dispatch = useAppDispatch();
  const users = useAdminSelector(selectUsers);
  const deleting = useAdminSelector(selectUserDelete).status === 'running';

  useEffect(() => {
    dispatch(userListOpened());
  }, [dispatch]);

  const columns = useMemo<GridColDef<AdminUser>[]>(
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

  return (
    <ListScreen
      titleId="admin-users-title"
      title={USER_MSG.listTitle}
      create={{ to: USER_CREATE_PATH, label: T.create }}
      failed={users.status === 'failed'}
      error={users.error}
      retryLabel={T.retry}
      onRetry={() => dispatch(userListOpened())}
    >
      <GridBox>
        <PortalDataGrid
          aria-label={T.usersGrid}
          rows={users.data}
          columns={columns}
          loading={users.status !== 'loaded'}
          {...paginationProps}
          noRowsLabel={USER_MSG.empty}
          cards={{ title: 'username', actions: ['editar', 'eliminar'] }}
        />
      </GridBox>
    </ListScreen>
  );
}
