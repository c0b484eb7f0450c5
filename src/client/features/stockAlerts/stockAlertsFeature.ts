import { injectFeature } from '@client/app/injectFeature';
import { stockAlertsSaga } from './stockAlertsSagas';
import { stockAlertsReducer } from './stockAlertsSlice';

// This feature's slice and saga join the store when this module loads: the size buttons and the profile's section import it.
injectFeature({ reducerPath: 'stockAlerts', reducer: stockAlertsReducer, saga: stockAlertsSaga });
