import { injectFeature } from '@client/app/injectFeature';
import { companyApprovalsSaga } from './companyApprovalsSagas';
import { companyApprovalsReducer } from './companyApprovalsSlice';

// This feature's slice and saga join the store when this module loads: every screen of the feature imports it.
injectFeature({ reducerPath: 'companyApprovals', reducer: companyApprovalsReducer, saga: companyApprovalsSaga });
