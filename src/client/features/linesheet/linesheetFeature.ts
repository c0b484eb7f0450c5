import { injectFeature } from '@client/app/injectFeature';
import { linesheetSaga } from './linesheetSagas';
import { linesheetReducer } from './linesheetSlice';

// This feature's slice and saga join the store when this module loads: every screen of the feature imports it.
injectFeature({ reducerPath: 'linesheet', reducer: linesheetReducer, saga: linesheetSaga });
