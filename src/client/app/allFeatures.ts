// Every feature at once, for what needs the whole store: a replay in the QA scenario panel (a recording may touch any
// slice), the scenario runner and the tests that drive sagas through the root reducer. The SPA itself loads each
// feature with its screens (docs/architecture.md).
import '../features/account/accountFeature';
import '../features/accountStatement/accountStatementFeature';
import '../features/adminAudit/adminAuditFeature';
import '../features/adminCatalog/adminCatalogFeature';
import '../features/adminJobs/adminJobsFeature';
import '../features/adminNotifications/adminNotificationsFeature';
import '../features/adminOrders/adminOrdersFeature';
import '../features/adminUsers/adminUsersFeature';
import '../features/cart/cartFeature';
import '../features/catalog/catalogFeature';
import '../features/checkout/checkoutFeature';
import '../features/company/companyFeature';
import '../features/currentAccount/currentAccountFeature';
import '../features/customerRequest/customerRequestFeature';
import '../features/home/homeFeature';
import '../features/linesheet/linesheetFeature';
import '../features/payments/paymentsFeature';
import '../features/paymentLink/paymentLinkFeature';
import '../features/product/productFeature';
import '../features/profile/profileFeature';
import '../features/quickOrder/quickOrderFeature';
import '../features/search/searchFeature';
import '../features/userOrders/userOrdersFeature';
import '../features/companyApprovals/companyApprovalsFeature';
import '../features/reps/repsFeature';
import '../features/repOrders/repOrdersFeature';
import '../features/savedLists/savedListsFeature';
