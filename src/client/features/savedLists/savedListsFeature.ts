import { injectFeature } from '@client/app/injectFeature';
import { savedListsSaga } from './savedListsSagas';
import { savedListsReducer } from './savedListsSlice';

// This feature's slice and saga join the store when this module loads: its screens and 'Guardar en lista' import it.
injectFeature({ reducerPath: 'savedLists', reducer: savedListsReducer, saga: savedListsSaga });
