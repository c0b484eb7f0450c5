import { useEffect, type ReactNode } from 'react';
import { fill } from '@shared/messages';
import { availableSections, MAX_NOTIFICATIONS, NOTIFICATION_MSG } from '@shared/schemas/notifications';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { selectNotifications, selectNotificationSave } from './adminNotificationsSelectors';
import { notificationCreateOpened, notificationSaveErrorClosed, notificationSaveSubmitted } from './adminNotificationsSlice';
import { emptyNotification, NotificationForm } from './NotificationForm';
import { NotificationFrame, NotificationLoading, NotificationProblem } from './NotificationFrame';
import './adminNotificationsFeature'; // the feature's slice and saga, in the store before this screen renders

/** /admin/email-add (R-ADM-NOTIF-2): 'Creación de Notificación', offering only the free sections. */
export default function NotificationCreateScreen() {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectNotifications);
  const save = useAppSelector(selectNotificationSave);

  useEffect(() => {
    dispatch(notificationCreateOpened());
  }, [dispatch]);

  const frame = (content: ReactNode) => (
    <NotificationFrame id="notification-create" title={NOTIFICATION_MSG.createTitle}>
      {content}
    </NotificationFrame>
  );
  if (list.status === 'failed') return frame(<NotificationProblem severity="error" text={list.error ?? ''} />);
  if (list.status !== 'loaded') return frame(<NotificationLoading />);
  const sections = availableSections(list.data);
  if (!sections.length) return frame(<NotificationProblem severity="info" text={fill(NOTIFICATION_MSG.full, { max: MAX_NOTIFICATIONS })} />);
  return (
    <NotificationForm
      id="notification-create"
      title={NOTIFICATION_MSG.createTitle}
      initialValues={emptyNotification}
      sections={sections}
      running={save.status === 'running'}
      error={save.error}
      onErrorClose={() => dispatch(notificationSaveErrorClosed())}
      onSubmit={(request) => dispatch(notificationSaveSubmitted(request))}
    />
  );
}
