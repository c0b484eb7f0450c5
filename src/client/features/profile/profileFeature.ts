import { injectFeature } from '@client/app/injectFeature';
import { profileSaga } from './profileSagas';
import { profileReducer } from './profileSlice';

// This feature's slice and saga join the store when this module loads: every screen of the feature imports it.
injectFeature({ reducerPath: 'profile', reducer: profileReducer, saga: profileSaga });
