import { injectFeature } from '@client/app/injectFeature';
import { quickOrderSaga } from './quickOrderSagas';
import { quickOrderReducer } from './quickOrderSlice';

// This feature's slice and saga join the store when this module loads: its screen and its reorder dialog import it.
injectFeature({ reducerPath: 'quickOrder', reducer: quickOrderReducer, saga: quickOrderSaga });
