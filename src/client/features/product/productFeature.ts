import { injectFeature } from '@client/app/injectFeature';
import { productSaga } from './productSagas';
import { productReducer } from './productSlice';

// This feature's slice and saga join the store when this module loads: every screen of the feature imports it.
injectFeature({ reducerPath: 'product', reducer: productReducer, saga: productSaga });
