import { type GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import type { NotificationRecipient } from '@shared/api/notifications';
import { fill } from '@shared/messages';
import type { NotificationSection } from '@shared/orders';
import { MAX_NOTIFICATIONS, SECTION_LABELS } from '@shared/schemas/notifications';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { deleteColumn, editColumn } from '@client/components/rowActions';
import { WholeListScreen } from '@client/components/WholeListScreen';
import { NOTIFICATION_CREATE_PATH } from './adminNotificationsPaths';
import { selectNotificationDelete, selectNotifications } from './adminNotificationsSelectors';
import { notificationDeleteRequested, notificationEditChosen, notificationListOpened } from './adminNotificationsSlice';
import { ADMIN_NOTIFICATIONS_TEXT as T } from './adminNotificationsTexts';
import './adminNotificationsFeature'; // the feature's slice and saga, in the store before this screen renders

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
  const list = useAppSelector(selectNotifications);
  const deleting = useAppSelector(selectNotificationDelete).status === 'running';

  const columns = useMemo<GridColDef<NotificationRecipient>[]>(
    () => [
      ...dataColumns,
      editColumn<NotificationRecipient>({
        headerName: T.colEdit,
        label: (row) => fill(T.editNotification, { section: SECTION_LABELS[row.section] }),
        onClick: (row) => dispatch(notificationEditChosen(row.id)),
      }),
      deleteColumn<NotificationRecipient>({
        headerName: T.colDelete,
        label: (row) => fill(T.deleteNotification, { section: SECTION_LABELS[row.section] }),
        disabled: deleting,
        onClick: (row) => dispatch(notificationDeleteRequested(row)),
      }),
    ],
    [dispatch, deleting],
  );

  return (
    <WholeListScreen
      titleId="admin-notifications-title"
      texts={{ title: T.listTitle, grid: T.grid, empty: T.empty, retry: T.retry }}
      create={list.status === 'loaded' && list.data.length < MAX_NOTIFICATIONS ? { to: NOTIFICATION_CREATE_PATH, label: T.create } : null}
      list={list}
      opened={notificationListOpened}
      columns={columns}
      grid={{ hideFooter: true, cards: { title: 'section', actions: ['editar', 'eliminar'] } }}
    />
  );
}
