import { injectFeature } from '@client/app/injectFeature';
import { homeSaga } from './homeSagas';
import { homeReducer } from './homeSlice';

// This feature's slice and saga join the store when this module loads: every screen of the feature imports it.
injectFeature({ reducerPath: 'home', reducer: homeReducer, saga: homeSaga });
