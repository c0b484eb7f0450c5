import { injectFeature } from '@client/app/injectFeature';
import { currentAccountSaga } from './currentAccountSagas';
import { currentAccountReducer } from './currentAccountSlice';

// This feature's slice and saga join the store when this module loads: every screen of the feature imports it.
injectFeature({ reducerPath: 'currentAccount', reducer: currentAccountReducer, saga: currentAccountSaga });
