import { injectFeature } from '@client/app/injectFeature';
import { accountStatementSaga } from './accountStatementSagas';
import { accountStatementReducer } from './accountStatementSlice';

// This feature's slice and saga join the store when this module loads: every screen of the feature imports it.
injectFeature({ reducerPath: 'accountStatement', reducer: accountStatementReducer, saga: accountStatementSaga });
