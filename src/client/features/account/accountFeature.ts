import { injectFeature } from '@client/app/injectFeature';
import { accountSaga } from './accountSagas';
import { accountReducer } from './accountSlice';

// This feature's slice and saga join the store when this module loads: every screen of the feature imports it.
injectFeature({ reducerPath: 'account', reducer: accountReducer, saga: accountSaga });
