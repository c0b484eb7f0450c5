import { injectFeature } from '@client/app/injectFeature';
import { repsSaga } from './repsSagas';
import { repsReducer } from './repsSlice';

// This feature's slice and saga join the store when this module loads: 'Mis clientes' and the banner import it.
injectFeature({ reducerPath: 'reps', reducer: repsReducer, saga: repsSaga });
