import { injectFeature } from '@client/app/injectFeature';
import { paymentsSaga } from './paymentsSagas';
import { paymentsReducer } from './paymentsSlice';

// This feature's slice and saga join the store when this module loads: every screen of the feature imports it.
injectFeature({ reducerPath: 'payments', reducer: paymentsReducer, saga: paymentsSaga });
