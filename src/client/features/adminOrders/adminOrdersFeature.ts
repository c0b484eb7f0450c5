import { injectFeature } from '@client/app/injectFeature';
import { adminOrdersSaga } from './adminOrdersSagas';
import { adminOrdersReducer } from './adminOrdersSlice';

// This feature's slice and saga join the store when this module loads: every screen of the feature imports it.
injectFeature({ reducerPath: 'adminOrders', reducer: adminOrdersReducer, saga: adminOrdersSaga });
