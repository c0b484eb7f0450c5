import { injectFeature } from '@client/app/injectFeature';
import { searchSaga } from './searchSagas';
import { searchReducer } from './searchSlice';

// This feature's slice and saga join the store when this module loads: every screen of the feature imports it.
injectFeature({ reducerPath: 'search', reducer: searchReducer, saga: searchSaga });
