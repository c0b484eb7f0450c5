import { injectFeature } from '@client/app/injectFeature';
import { companySaga } from './companySagas';
import { companyReducer } from './companySlice';

// This feature's slice and saga join the store when this module loads: every screen of the feature imports it.
injectFeature({ reducerPath: 'company', reducer: companyReducer, saga: companySaga });
