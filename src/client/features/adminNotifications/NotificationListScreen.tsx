import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useEffect, useMemo } from 'react';
import { useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router-dom';
import type { NotificationRecipient } from '@shared/api/notifications';
import { fill } from '@shared/messages';
import type { NotificationSection } from '@shared/orders';
import { MAX_NOTIFICATIONS, SECTION_LABELS } from '@shared/schemas/notifications';
import { useAppDispatch } from '@client/app/hooks';
import { NOTIFICATION_CREATE_PATH } from './adminNotificationsPaths';
import { selectNotificationDelete, selectNotifications, type AdminNotificationsRootState } from './adminNotificationsSelectors';
import { notificationDeleteRequested, notificationEditChosen, notificationListOpened } from './adminNotificationsSlice';
import { ADMIN_NOTIFICATIONS_TEXT as T } from './adminNotificationsTexts';
import { inJsdom, loadingSlotProps, localeWithNoRows } from './gridSetup';

const useAdminSelector = useSelector.withTypes<AdminNotificationsRootState>();

const localeText = localeWithNoRows(T.empty);

const dataColumns: GridColDef<NotificationRecipient>[] = [
  { field: 'name', headerName: T.colName, minWidth: 120, flex: 1 },
  { field: 'lastName', headerName: T.colLastName, minWidth: 120, flex: 1 },
  { field: 'email', headerName: T.colEmail, minWidth: 200, flex: 1.5 },
  { field: 'section', headerName: T.colSection, width: 150, valueFormatter: (value: NotificationSection) => SECTION_LABELS[value] ?? value },
];

/**
 * /admin/email (admin document section 2): the notification recipients, with Editar and Eliminar; the create link
 * only while there are fewer than 3 (one per section).
 */
export default function NotificationListScreen() {
  const dispatch = useAppDispatch();
  const list = useAdminSelector(selectNotifications);
  const deleting = useAdminSelector(selectNotificationDelete).status === 'running';

  useEffect(() => {
    dispatch(notificationListOpened());
  }, [dispatch]);

  const columns = useMemo<GridColDef<NotificationRecipient>[]>(
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
            aria-label={fill(T.editNotification, { section: SECTION_LABELS[row.section] })}
            color="primary"
            size="small"
            tabIndex={tabIndex}
            onClick={() => dispatch(notificationEditChosen(row.id))}
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
            aria-label={fill(T.deleteNotification, { section: SECTION_LABELS[row.section] })}
            color="error"
            size="small"
            tabIndex={tabIndex}
            disabled={deleting}
            onClick={() => dispatch(notificationDeleteRequested(row))}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        ),
      },
    ],
    [dispatch, deleting],
  );

  const loaded = list.status === 'loaded';
  return (
    <Box component="section" aria-labelledby="admin-notifications-title">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 2 }}>
        <Typography id="admin-notifications-title" variant="h1" component="h1">
          {T.listTitle}
        </Typography>
        {loaded && list.data.length < MAX_NOTIFICATIONS && (
          <Button component={RouterLink} to={NOTIFICATION_CREATE_PATH} variant="contained" startIcon={<AddIcon />}>
            {T.create}
          </Button>
        )}
      </Stack>

      {list.status === 'failed' ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => dispatch(notificationListOpened())}>
              {T.retry}
            </Button>
          }
        >
          {list.error}
        </Alert>
      ) : (
        <Box sx={{ width: '100%', minWidth: 0 }}>
          <DataGrid
            aria-label={T.grid}
            rows={list.data}
            columns={columns}
            loading={!loaded}
            autoHeight
            hideFooter
            disableColumnMenu
            disableRowSelectionOnClick
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
