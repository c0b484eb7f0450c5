import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import { type GridColDef } from '@mui/x-data-grid';
import { useEffect, useMemo } from 'react';
import { useSelector } from 'react-redux';
import type { NotificationRecipient } from '@shared/api/notifications';
import { fill } from '@shared/messages';
import type { NotificationSection } from '@shared/orders';
import { MAX_NOTIFICATIONS, SECTION_LABELS } from '@shared/schemas/notifications';
import { useAppDispatch } from '@client/app/hooks';
import { PortalDataGrid } from '@client/components/gridSetup';
import { GridBox, ListScreen } from '@client/components/ListScreen';
import { NOTIFICATION_CREATE_PATH } from './adminNotificationsPaths';
import { selectNotificationDelete, selectNotifications, type AdminNotificationsRootState } from './adminNotificationsSelectors';
import { notificationDeleteRequested, notificationEditChosen, notificationListOpened } from './adminNotificationsSlice';
import { ADMIN_NOTIFICATIONS_TEXT as T } from './adminNotificationsTexts';
import './adminNotificationsFeature'; // the feature's slice and saga, in the store before this screen renders

const useAdminSelector = useSelector.withTypes<AdminNotificationsRootState>();

const dataColumns: GridColDef<NotificationRecipient>[] = [
  { field: 'name', headerName: T.colName, minWidth: 120, flex: 1 },
  { field: 'lastName', headerName: T.colLastName, minWidth: 120, flex: 1 },
  { field: 'email', headerName: T.colEmail, minWidth: 200, flex: 1.5 },
  { field: 'section', headerName: T.colSection, width: 150, valueFormatter: (value: NotificationSection) => SECTION_LABELS[value] ?? value },
];

/**
 * /admin/email (R-ADM-NOTIF-1): the notification recipients, with Editar and Eliminar; the create link
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
    <ListScreen
      titleId="admin-notifications-title"
      title={T.listTitle}
      create={loaded && list.data.length < MAX_NOTIFICATIONS ? { to: NOTIFICATION_CREATE_PATH, label: T.create } : null}
      failed={list.status === 'failed'}
      error={list.error}
      errorStatus={list.errorStatus}
      retryLabel={T.retry}
      onRetry={() => dispatch(notificationListOpened())}
    >
      <GridBox>
        <PortalDataGrid
          aria-label={T.grid}
          rows={list.data}
          columns={columns}
          loading={!loaded}
          hideFooter
          noRowsLabel={T.empty}
          cards={{ title: 'section', actions: ['editar', 'eliminar'] }}
        />
      </GridBox>
    </ListScreen>
  );
}
