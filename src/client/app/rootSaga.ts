import { all, spawn } from 'redux-saga/effects';
import { accountSaga } from '../features/account/accountSagas';
import { adminNotificationsSaga } from '../features/adminNotifications/adminNotificationsSagas';
import { adminUsersSaga } from '../features/adminUsers/adminUsersSagas';
import { adminCatalogSaga } from '../features/adminCatalog/adminCatalogSagas';
import { cartSaga } from '../features/cart/cartSagas';
import { catalogSaga } from '../features/catalog/catalogSagas';
import { checkoutSaga } from '../features/checkout/checkoutSagas';
import { customerRequestSaga } from '../features/customerRequest/customerRequestSagas';
import { homeSaga } from '../features/home/homeSagas';
import { paymentsSaga } from '../features/payments/paymentsSagas';
import { productSaga } from '../features/product/productSagas';
import { profileSaga } from '../features/profile/profileSagas';
import { searchSaga } from '../features/search/searchSagas';
import { sessionSaga } from '../features/session/sessionSagas';

// spawn: a feature saga that dies does not take the others down.
export function* rootSaga() {
  yield all([spawn(sessionSaga), spawn(homeSaga), spawn(catalogSaga), spawn(searchSaga), spawn(productSaga), spawn(profileSaga), spawn(cartSaga), spawn(checkoutSaga), spawn(paymentsSaga), spawn(accountSaga), spawn(adminUsersSaga), spawn(adminNotificationsSaga), spawn(customerRequestSaga), spawn(adminCatalogSaga)]);
}
