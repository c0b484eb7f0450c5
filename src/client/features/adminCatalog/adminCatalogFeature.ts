import { injectFeature } from '@client/app/injectFeature';
import { adminCatalogSaga } from './adminCatalogSagas';
import { adminCatalogReducer } from './adminCatalogSlice';

// This feature's slice and saga join the store when this module loads: every screen of the feature imports it.
injectFeature({ reducerPath: 'adminCatalog', reducer: adminCatalogReducer, saga: adminCatalogSaga });
