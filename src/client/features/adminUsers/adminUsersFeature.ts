import { injectFeature } from '@client/app/injectFeature';
import { adminUsersSaga } from './adminUsersSagas';
import { adminUsersReducer } from './adminUsersSlice';

// This feature's slice and saga join the store when this module loads: every screen of the feature imports it.
injectFeature({ reducerPath: 'adminUsers', reducer: adminUsersReducer, saga: adminUsersSaga });
