import { injectFeature } from '@client/app/injectFeature';
import { userOrdersSaga } from './userOrdersSagas';
import { userOrdersReducer } from './userOrdersSlice';

// This feature's slice and saga join the store when this module loads: every screen of the feature imports it.
injectFeature({ reducerPath: 'userOrders', reducer: userOrdersReducer, saga: userOrdersSaga });
