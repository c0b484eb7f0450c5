import { injectFeature } from '@client/app/injectFeature';
import { paymentLinkSaga } from './paymentLinkSagas';
import { paymentLinkReducer } from './paymentLinkSlice';

// This feature's slice and saga join the store when this module loads: every screen of the feature imports it.
injectFeature({ reducerPath: 'paymentLink', reducer: paymentLinkReducer, saga: paymentLinkSaga });
