import { injectFeature } from '@client/app/injectFeature';
import { checkoutSaga } from './checkoutSagas';
import { checkoutReducer } from './checkoutSlice';

// This feature's slice and saga join the store when this module loads: every screen of the feature imports it.
injectFeature({ reducerPath: 'checkout', reducer: checkoutReducer, saga: checkoutSaga });
