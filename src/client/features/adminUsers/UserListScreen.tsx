import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useEffect, useMemo } from 'react';
import { useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router-dom';
import type { AdminUser } from '@shared/api/adminUsers';
import { fill } from '@shared/messages';
import { USER_MSG, USER_TYPE_LABELS } from '@shared/schemas/users';
import { useAppDispatch } from '@client/app/hooks';
import { USER_CREATE_PATH } from './adminUsersPaths';
import { selectUserDelete, selectUsers, type AdminUsersRootState } from './adminUsersSelectors';
import { userDeleteRequested, userEditChosen, userListOpened } from './adminUsersSlice';
import { ADMIN_USERS_TEXT as T } from './adminUsersTexts';
import { inJsdom, loadingSlotProps, localeWithNoRows, paginationProps } from './gridSetup';

const useAdminSelector = useSelector.withTypes<AdminUsersRootState>();

const localeText = localeWithNoRows(USER_MSG.empty);

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
    <Box component="section" aria-labelledby="admin-users-title">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 2 }}>
        <Typography id="admin-users-title" variant="h1" component="h1">
          {USER_MSG.listTitle}
        </Typography>
        <Button component={RouterLink} to={USER_CREATE_PATH} variant="contained" startIcon={<AddIcon />}>
          {T.create}
        </Button>
      </Stack>

      {users.status === 'failed' ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => dispatch(userListOpened())}>
              {T.retry}
            </Button>
          }
        >
          {users.error}
        </Alert>
      ) : (
        // the grid scrolls sideways inside this box; the page itself stays as wide as the screen
        <Box sx={{ width: '100%', minWidth: 0 }}>
          <DataGrid
            aria-label={T.usersGrid}
            rows={users.data}
            columns={columns}
            loading={users.status !== 'loaded'}
            autoHeight
            disableColumnMenu
            disableRowSelectionOnClick
            {...paginationProps}
            localeText={localeText}
            disableVirtualization={inJsdom}
            slotProps={loadingSlotProps}
            sx={{ bgcolor: 'background.paper' }}
          />
        </Box>
      )}
    </Box>
  );
}
