import { injectFeature } from '@client/app/injectFeature';
import { catalogSaga } from './catalogSagas';
import { catalogReducer } from './catalogSlice';

// This feature's slice and saga join the store when this module loads: every screen of the feature imports it.
injectFeature({ reducerPath: 'catalog', reducer: catalogReducer, saga: catalogSaga });
