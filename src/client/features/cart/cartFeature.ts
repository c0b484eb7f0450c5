import { injectFeature } from '@client/app/injectFeature';
import { cartSaga } from './cartSagas';
import { cartReducer } from './cartSlice';

// This feature's slice and saga join the store when this module loads: every screen of the feature imports it.
injectFeature({ reducerPath: 'cart', reducer: cartReducer, saga: cartSaga });
