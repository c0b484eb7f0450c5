import { injectFeature } from '@client/app/injectFeature';
import { adminJobsSaga } from './adminJobsSagas';
import { adminJobsReducer } from './adminJobsSlice';

// This feature's slice and saga join the store when this module loads: every screen of the feature imports it, and so
// does the admin shell's badge.
injectFeature({ reducerPath: 'adminJobs', reducer: adminJobsReducer, saga: adminJobsSaga });
