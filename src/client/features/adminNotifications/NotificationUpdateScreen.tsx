import { useEffect, type ReactNode } from 'react';
import { availableSections, NOTIFICATION_MSG } from '@shared/schemas/notifications';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { useAddressId } from '@client/app/addressId';
import {
  selectEditedNotification,
  selectEditedNotificationId,
  selectNotifications,
  selectNotificationSave,
} from './adminNotificationsSelectors';
import { notificationEditOpened, notificationSaveErrorClosed, notificationSaveSubmitted } from './adminNotificationsSlice';
import { ADMIN_NOTIFICATIONS_TEXT } from './adminNotificationsTexts';
import { NotificationForm, notificationFormValues } from './NotificationForm';
import { NotificationFrame, NotificationLoading, NotificationProblem } from './NotificationFrame';
import './adminNotificationsFeature'; // the feature's slice and saga, in the store before this screen renders

/**
 * /admin/email-update/:id (R-ADM-NOTIF-2): 'Actualizar de Notificación', the record of the id in the address (a
 * reload still works); its own section stays offered with the ones no other record uses.
 */
export default function NotificationUpdateScreen() {
  const dispatch = useAppDispatch();
  const id = useAddressId();
  const record = useAppSelector(selectEditedNotification);
  const loadedId = useAppSelector(selectEditedNotificationId);
  const list = useAppSelector(selectNotifications);
  const save = useAppSelector(selectNotificationSave);

  useEffect(() => {
    if (id !== null) dispatch(notificationEditOpened(id));
  }, [dispatch, id]);

  const frame = (content: ReactNode) => (
    <NotificationFrame id="notification-update" title={NOTIFICATION_MSG.updateTitle}>
      {content}
    </NotificationFrame>
  );
  if (id === null) return frame(<NotificationProblem severity="info" text={ADMIN_NOTIFICATIONS_TEXT.noNotificationChosen} />);
  // an earlier visit's record is never shown while this one loads
  const current = loadedId === id ? record : null;
  const failure = current?.status === 'failed' ? current : list.status === 'failed' ? list : null;
  if (failure) return frame(<NotificationProblem severity="error" text={failure.error ?? ''} />);
  if (current?.status !== 'loaded' || !current.data || list.status !== 'loaded') return frame(<NotificationLoading />);
  return (
    <NotificationForm
      key={id}
      id="notification-update"
      title={NOTIFICATION_MSG.updateTitle}
      initialValues={notificationFormValues(current.data)}
      sections={availableSections(list.data, id)}
      running={save.status === 'running'}
      error={save.error}
      onErrorClose={() => dispatch(notificationSaveErrorClosed())}
      onSubmit={(request) => dispatch(notificationSaveSubmitted(request))}
    />
  );
}
