import { injectFeature } from '@client/app/injectFeature';
import { customerRequestSaga } from './customerRequestSagas';
import { customerRequestReducer } from './customerRequestSlice';

// This feature's slice and saga join the store when this module loads: every screen of the feature imports it.
injectFeature({ reducerPath: 'customerRequest', reducer: customerRequestReducer, saga: customerRequestSaga });
