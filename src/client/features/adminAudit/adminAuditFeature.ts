import { injectFeature } from '@client/app/injectFeature';
import { adminAuditSaga } from './adminAuditSagas';
import { adminAuditReducer } from './adminAuditSlice';

// This feature's slice and saga join the store when this module loads: its screen imports it.
injectFeature({ reducerPath: 'adminAudit', reducer: adminAuditReducer, saga: adminAuditSaga });
