import { injectFeature } from '@client/app/injectFeature';
import { repOrdersSaga } from './repOrdersSagas';
import { repOrdersReducer } from './repOrdersSlice';

// This feature's slice and saga join the store when this module loads: every screen of the feature imports it.
injectFeature({ reducerPath: 'repOrders', reducer: repOrdersReducer, saga: repOrdersSaga });
