import { injectFeature } from '@client/app/injectFeature';
import { adminNotificationsSaga } from './adminNotificationsSagas';
import { adminNotificationsReducer } from './adminNotificationsSlice';

// This feature's slice and saga join the store when this module loads: every screen of the feature imports it.
injectFeature({ reducerPath: 'adminNotifications', reducer: adminNotificationsReducer, saga: adminNotificationsSaga });
