import { eq } from 'drizzle-orm';
import { orders, users } from '@server/db/schema';
import { CAPABILITY_DENIED, mayDo, REP_CAPABILITIES, type Capability, type CompanyRole } from '@shared/companyRoles';
import type { Access } from '@server/plugins/auth';
import { MSG } from '@shared/messages';
import { call, createTestApp, login, type TestApp } from './helpers';
import { SERVER_MSG } from '@server/messages';

// One table for every route of the API: who may call it. A route missing from the table fails the test, so a new
// route needs a decision here as well as its `config.access`. Visitors get 401 before anything is validated (the
// bodies below are deliberately invalid); a logged-in caller of the wrong role gets 403 the same way.

type Who = 'visitor' | 'buyer' | 'other' | 'blocked' | 'admin' | 'superadmin';
const EVERYONE: Who[] = ['visitor', 'buyer', 'other', 'blocked', 'admin', 'superadmin'];
const BUYERS: Who[] = ['buyer', 'other', 'blocked'];
const ADMINS: Who[] = ['admin', 'superadmin'];

interface Ctx {
  ids: Record<Who, number>;
  /** An order of `buyer`. */
  orderId: number;
}

interface Row {
  access: Access;
  /** The path to call (the buyer's own ids where the route names one). */
  url: string | ((c: Ctx) => string);
  payload?: unknown;
  headers?: Record<string, string>;
  /** Expected status (or any of several) per caller; callers the access refuses are filled in from `access`. */
  expect: Partial<Record<Who, number | number[]>>;
}

const all = (who: Who[], status: number | number[]) => Object.fromEntries(who.map((w) => [w, status])) as Partial<Record<Who, number | number[]>>;
/** A buyer's own resource: the owner reads it, another buyer (and the blocked one) gets 403 or 404, never the data. */
const owned = (ok = 200) => ({ buyer: ok, other: [403, 404], blocked: [403, 404] });
const INVALID = { bogus: true };

const TABLE: Record<string, Row> = {
  'GET /api/security/xsrf': { access: 'public', url: '/api/security/xsrf', expect: all(EVERYONE, 204) },
  'POST /api/security/login': { access: 'public', url: '/api/security/login', payload: INVALID, expect: all(EVERYONE, 400) },
  'GET /api/security/me': { access: 'session', url: '/api/security/me', expect: all([...BUYERS, ...ADMINS], 200) },
  'POST /api/security/change-password': { access: 'public', url: '/api/security/change-password', payload: INVALID, expect: all(EVERYONE, 400) },
  'GET /api/user/b1/profile/:userId': { access: 'buyer', url: (c) => `/api/user/b1/profile/${c.ids.buyer}`, expect: owned() },
  'POST /api/user/b1/update-profile': { access: 'buyer', url: '/api/user/b1/update-profile', payload: INVALID, expect: all(BUYERS, 400) },
  'GET /api/user/b1/region': { access: 'session', url: '/api/user/b1/region', expect: all([...BUYERS, ...ADMINS], 200) },
  'GET /api/user/b1/pais': { access: 'session', url: '/api/user/b1/pais', expect: all([...BUYERS, ...ADMINS], 200) },
  'GET /api/user/b1/catalog': { access: 'session', url: '/api/user/b1/catalog', expect: all([...BUYERS, ...ADMINS], 200) },
  'GET /api/user/b1/catalog/products': { access: 'session', url: '/api/user/b1/catalog/products', expect: all([...BUYERS, ...ADMINS], 200) },
  'GET /api/user/b1/products': { access: 'session', url: '/api/user/b1/products', expect: all([...BUYERS, ...ADMINS], 200) },
  'GET /api/user/b1/catalog/find/by/sku/:sku': { access: 'session', url: '/api/user/b1/catalog/find/by/sku/NO-EXISTE', expect: all([...BUYERS, ...ADMINS], 404) },
  'GET /api/user/b1/products-detail/:sku': { access: 'session', url: '/api/user/b1/products-detail/NO-EXISTE', expect: all([...BUYERS, ...ADMINS], 404) },
  'GET /api/user/b1/offer-sku/:sku': { access: 'session', url: '/api/user/b1/offer-sku/NO-EXISTE', expect: all([...BUYERS, ...ADMINS], [200, 404]) },
  'POST /api/user/b1/masivo-sku': { access: 'session', url: '/api/user/b1/masivo-sku', payload: INVALID, expect: all([...BUYERS, ...ADMINS], 400) },
  'GET /api/user/b1/tipo-transport': { access: 'buyer', url: '/api/user/b1/tipo-transport', expect: all(BUYERS, 200) },
  'GET /api/user/b1/purchase-history/:customerId': { access: 'buyer', url: '/api/user/b1/purchase-history/C76123456', expect: owned() },
  'GET /api/user/b1/purchase-history-det/:docEntry': { access: 'buyer', url: '/api/user/b1/purchase-history-det/999999', expect: all(BUYERS, [404]) },
  'GET /api/user/b1/pending-payments/:customerId': { access: 'buyer', url: '/api/user/b1/pending-payments/C76123456', expect: owned() },
  // the current account: the acting company's own (invoice 13 is company A's; another company gets 404)
  'GET /api/user/account/summary': { access: 'buyer', url: '/api/user/account/summary', expect: all(BUYERS, 200) },
  'GET /api/user/account/documents': { access: 'buyer', url: '/api/user/account/documents', expect: all(BUYERS, 200) },
  'GET /api/user/account/documents/:kind/:docEntry': { access: 'buyer', url: '/api/user/account/documents/invoice/13', expect: { buyer: 200, other: 404, blocked: 404 } },
  'GET /api/user/account/documents/:kind/:docEntry/file/:format': { access: 'buyer', url: '/api/user/account/documents/invoice/13/file/pdf', expect: all(BUYERS, 404) },
  'GET /api/user/account/payments/:docEntry': { access: 'buyer', url: '/api/user/account/payments/999999', expect: all(BUYERS, 404) },
  'GET /api/user/account/statement': { access: 'buyer', url: '/api/user/account/statement?from=2026-10-01&to=2026-10-31', expect: all(BUYERS, 200) },
  'GET /files/*': { access: 'public', url: '/files/no-existe.png', expect: all(EVERYONE, 404) },
  'GET /api/user/home': { access: 'session', url: '/api/user/home', expect: all([...BUYERS, ...ADMINS], 200) },
  'GET /api/user/home/men': { access: 'session', url: '/api/user/home/men', expect: all([...BUYERS, ...ADMINS], 200) },
  'GET /api/user/home/banner': { access: 'session', url: '/api/user/home/banner', expect: all([...BUYERS, ...ADMINS], [200, 404]) },
  'GET /api/user/home/offer': { access: 'session', url: '/api/user/home/offer', expect: all([...BUYERS, ...ADMINS], 200) },
  'GET /api/user/home/offer/:sku': { access: 'session', url: '/api/user/home/offer/NO-EXISTE', expect: all([...BUYERS, ...ADMINS], [200, 404]) },
  'GET /api/user/products/:sku': { access: 'session', url: '/api/user/products/NO-EXISTE', expect: all([...BUYERS, ...ADMINS], [200, 404]) },
  'GET /api/admin/products/find/by/sku/:sku': { access: 'admin', url: '/api/admin/products/find/by/sku/NO-EXISTE', expect: all(ADMINS, 404) },
  'GET /api/admin/products/status': { access: 'admin', url: '/api/admin/products/status?skus=NO-EXISTE', expect: all(ADMINS, 200) },
  'POST /api/admin/products': { access: 'admin', url: '/api/admin/products', payload: INVALID, expect: all(ADMINS, [400, 406, 415]) },
  'GET /api/admin/banners': { access: 'admin', url: '/api/admin/banners', expect: all(ADMINS, 200) },
  'GET /api/admin/banners/:id': { access: 'admin', url: '/api/admin/banners/abc', expect: all(ADMINS, 400) },
  'POST /api/admin/banners': { access: 'admin', url: '/api/admin/banners', payload: INVALID, expect: all(ADMINS, [400, 406, 415]) },
  'DELETE /api/admin/banners/:id': { access: 'admin', url: '/api/admin/banners/abc', expect: all(ADMINS, 400) },
  'POST /api/user/cart': { access: 'buyer', url: '/api/user/cart', payload: INVALID, expect: all(BUYERS, 400) },
  'POST /api/user/cart/bulk': { access: 'buyer', url: '/api/user/cart/bulk', payload: INVALID, expect: all(BUYERS, 400) },
  'POST /api/user/quick-order/validate': { access: 'buyer', url: '/api/user/quick-order/validate', payload: INVALID, expect: all(BUYERS, 400) },
  'POST /api/user/quick-order/file': { access: 'buyer', url: '/api/user/quick-order/file', payload: INVALID, expect: all(BUYERS, [400, 406, 415]) },
  // the line sheet of the acting company: an invalid query is a 400 for every buyer (docs/linesheet.md)
  'GET /api/user/linesheet': { access: 'buyer', url: '/api/user/linesheet?format=doc', expect: all(BUYERS, 400) },
  'GET /api/user/quick-order/template.csv': { access: 'public', url: '/api/user/quick-order/template.csv', expect: all(EVERYONE, 200) },
  'GET /api/user/quick-order/template.xlsx': { access: 'public', url: '/api/user/quick-order/template.xlsx', expect: all(EVERYONE, 200) },
  'POST /api/user/orders/:id/reorder': { access: 'buyer', url: '/api/user/orders/abc/reorder', expect: all(BUYERS, 400) },
  'POST /api/user/b1/purchase-history/:docEntry/reorder': { access: 'buyer', url: '/api/user/b1/purchase-history/abc/reorder', expect: all(BUYERS, 400) },
  'PUT /api/user/cart': { access: 'buyer', url: '/api/user/cart', payload: INVALID, expect: all(BUYERS, 400) },
  'GET /api/user/cart/find-by-userid/:userId': { access: 'buyer', url: (c) => `/api/user/cart/find-by-userid/${c.ids.buyer}`, expect: owned() },
  'GET /api/user/cart/count-cart/:userId': { access: 'buyer', url: (c) => `/api/user/cart/count-cart/${c.ids.buyer}`, expect: owned() },
  'DELETE /api/user/cart/clear-cart/:userId': { access: 'buyer', url: (c) => `/api/user/cart/clear-cart/${c.ids.buyer}`, expect: owned(204) },
  'DELETE /api/user/cart/:id': { access: 'buyer', url: '/api/user/cart/abc', expect: all(BUYERS, 400) },
  'GET /api/user/curves': { access: 'buyer', url: '/api/user/curves', expect: all(BUYERS, 200) },
  'POST /api/user/curves': { access: 'buyer', url: '/api/user/curves', payload: INVALID, expect: all(BUYERS, 400) },
  'PUT /api/user/curves/:id': { access: 'buyer', url: '/api/user/curves/abc', payload: INVALID, expect: all(BUYERS, 400) },
  'DELETE /api/user/curves/:id': { access: 'buyer', url: '/api/user/curves/abc', expect: all(BUYERS, 400) },
  // 'Avísame cuando llegue': the caller's own alerts (an id that is not the caller's is a 404 like a missing one)
  'GET /api/user/stock-alerts': { access: 'buyer', url: '/api/user/stock-alerts', expect: all(BUYERS, 200) },
  'POST /api/user/stock-alerts': { access: 'buyer', url: '/api/user/stock-alerts', payload: INVALID, expect: all(BUYERS, 400) },
  'DELETE /api/user/stock-alerts/:id': { access: 'buyer', url: '/api/user/stock-alerts/999999', expect: all(BUYERS, 404) },
  'GET /api/public/stock-alerts/unsubscribe': { access: 'public', url: '/api/public/stock-alerts/unsubscribe?token=no-existe', expect: all(EVERYONE, 404) },
  // the mailed token is the proof (exempt from the anti-forgery token: the link's own page posts it without one)
  'POST /api/public/stock-alerts/unsubscribe': { access: 'public', url: '/api/public/stock-alerts/unsubscribe', payload: { token: 'no-existe' }, expect: all(EVERYONE, 404) },
  // saved lists (docs/saved-lists.md): an id nobody may see is a 404 like another company's list
  'GET /api/user/saved-lists': { access: 'buyer', url: '/api/user/saved-lists', expect: all(BUYERS, 200) },
  'POST /api/user/saved-lists': { access: 'buyer', url: '/api/user/saved-lists', payload: INVALID, expect: all(BUYERS, 400) },
  'GET /api/user/saved-lists/:id': { access: 'buyer', url: '/api/user/saved-lists/999999', expect: all(BUYERS, 404) },
  'PATCH /api/user/saved-lists/:id': { access: 'buyer', url: '/api/user/saved-lists/abc', payload: INVALID, expect: all(BUYERS, 400) },
  'DELETE /api/user/saved-lists/:id': { access: 'buyer', url: '/api/user/saved-lists/999999', expect: all(BUYERS, 404) },
  'POST /api/user/saved-lists/:id/styles': { access: 'buyer', url: '/api/user/saved-lists/abc/styles', payload: INVALID, expect: all(BUYERS, 400) },
  'PUT /api/user/saved-lists/:id/styles/:style': { access: 'buyer', url: '/api/user/saved-lists/abc/styles/X', payload: INVALID, expect: all(BUYERS, 400) },
  'DELETE /api/user/saved-lists/:id/styles/:style': { access: 'buyer', url: '/api/user/saved-lists/999999/styles/X', expect: all(BUYERS, 404) },
  'POST /api/user/saved-lists/:id/to-cart': { access: 'buyer', url: '/api/user/saved-lists/999999/to-cart', payload: {}, expect: all(BUYERS, 404) },
  // the company's people and the set-your-password link (docs/company-people.md)
  'GET /api/user/company/people': { access: 'buyer', url: '/api/user/company/people', expect: all(BUYERS, 200) },
  'POST /api/user/company/people': { access: 'buyer', url: '/api/user/company/people', payload: INVALID, expect: all(BUYERS, 400) },
  'PUT /api/user/company/people/:id': { access: 'buyer', url: '/api/user/company/people/abc', payload: INVALID, expect: all(BUYERS, 400) },
  'POST /api/user/company/people/:id/deactivate': { access: 'buyer', url: '/api/user/company/people/abc/deactivate', expect: all(BUYERS, 400) },
  'POST /api/user/company/people/:id/reactivate': { access: 'buyer', url: '/api/user/company/people/abc/reactivate', expect: all(BUYERS, 400) },
  'POST /api/user/company/people/:id/password-link': { access: 'buyer', url: '/api/user/company/people/abc/password-link', expect: all(BUYERS, 400) },
  'POST /api/security/set-password': { access: 'public', url: '/api/security/set-password', payload: INVALID, expect: all(EVERYONE, 400) },
  'POST /api/orders': { access: 'buyer', url: '/api/orders', payload: INVALID, expect: all(BUYERS, 400) },
  'GET /api/orders/:id': { access: 'buyer', url: (c) => `/api/orders/${c.orderId}`, expect: owned() },
  // the payment link: only a representing rep sends it (a buyer gets 403); the company's people read its state
  'POST /api/orders/:id/payment-link': { access: 'buyer', url: (c) => `/api/orders/${c.orderId}/payment-link`, payload: {}, expect: all(BUYERS, [403, 404]) },
  'GET /api/orders/:id/payment-link': { access: 'buyer', url: (c) => `/api/orders/${c.orderId}/payment-link`, expect: owned() },
  // the customer's page of a payment link: no session, limited per address; an unknown link is a 404
  'GET /api/public/payment-links/:token': { access: 'public', url: '/api/public/payment-links/no-existe', expect: all(EVERYONE, 404) },
  'POST /api/public/payment-links/:token/pay': { access: 'public', url: '/api/public/payment-links/no-existe/pay', payload: INVALID, expect: all(EVERYONE, 400) },
  'POST /api/user/b1/reserve': { access: 'buyer', url: '/api/user/b1/reserve', payload: INVALID, expect: all(BUYERS, 400) },
  'POST /api/user/b1/ov': { access: 'buyer', url: '/api/user/b1/ov', payload: INVALID, expect: all(BUYERS, 400) },
  'POST /api/orders/update/state/order': { access: 'buyer', url: '/api/orders/update/state/order', payload: INVALID, expect: all(BUYERS, 400) },
  'POST /api/user/tbk/create': { access: 'buyer', url: '/api/user/tbk/create', payload: INVALID, expect: all(BUYERS, 400) },
  // the netted payment of the cuenta corriente: a finance person's; the body is checked after who may ask
  'POST /api/user/account/pay/preview': { access: 'buyer', url: '/api/user/account/pay/preview', payload: INVALID, expect: all(BUYERS, 400) },
  'PUT /api/user/tbk/confirm/:token': { access: 'buyer', url: '/api/user/tbk/confirm/no-existe', expect: all(BUYERS, [400, 404]) },
  'GET /api/user/tbk/state/:token': { access: 'buyer', url: '/api/user/tbk/state/no-existe', expect: all(BUYERS, [400, 404]) },
  'POST /api/user/tbk/update-tbk': { access: 'buyer', url: '/api/user/tbk/update-tbk', payload: INVALID, expect: all(BUYERS, 400) },
  // the providers' callbacks: no session, no anti-forgery token; what they may do is decided by the provider's proof
  'GET /api/payments/webpay/return': { access: 'provider', url: '/api/payments/webpay/return', expect: all(EVERYONE, 303) },
  'POST /api/payments/webpay/return': { access: 'provider', url: '/api/payments/webpay/return', payload: {}, expect: all(EVERYONE, 303) },
  'POST /api/payments/khipu/notify': { access: 'provider', url: '/api/payments/khipu/notify', payload: INVALID, expect: all(EVERYONE, [400, 401]) },
  'POST /api/user/khipu/payments': { access: 'buyer', url: '/api/user/khipu/payments', payload: INVALID, expect: all(BUYERS, 400) },
  'GET /api/user/khipu/payments/:id': { access: 'buyer', url: '/api/user/khipu/payments/no-existe', expect: all(BUYERS, [400, 404]) },
  'POST /api/user/khipu/payments/:id/confirm': { access: 'buyer', url: '/api/user/khipu/payments/no-existe/confirm', expect: all(BUYERS, [400, 404]) },
  'POST /api/user/b1/pay-invoice': { access: 'buyer', url: '/api/user/b1/pay-invoice', payload: INVALID, expect: all(BUYERS, 400) },
  'POST /api/user/b1/pay-account': { access: 'buyer', url: '/api/user/b1/pay-account', payload: INVALID, expect: all(BUYERS, 400) },
  // public: a visitor only learns whether the CREATION_USER recipient exists; other sections need a session
  'GET /api/user/sendmail/section/:section': { access: 'public', url: '/api/user/sendmail/section/RESERVE', expect: { visitor: 401, ...all([...BUYERS, ...ADMINS], [200, 404]) } },
  'POST /api/user/sendmail/order': { access: 'buyer', url: '/api/user/sendmail/order', payload: INVALID, expect: all(BUYERS, 400) },
  'POST /api/user/pay-cheque': { access: 'buyer', url: '/api/user/pay-cheque', payload: INVALID, expect: all(BUYERS, [400, 406, 415]) },
  'GET /api/admin/orders/:numberOrder/cheque-photo': { access: 'admin', url: '/api/admin/orders/OC999999/cheque-photo', expect: all(ADMINS, 404) },
  // claims on invoices and the account's alerts (docs/account.md): another company's document or file is a 404
  'POST /api/user/account/documents/:kind/:docEntry/claims': { access: 'buyer', url: '/api/user/account/documents/invoice/999999/claims', payload: INVALID, expect: all(BUYERS, 400) },
  'GET /api/user/account/claims/:id/files/:fileId': { access: 'buyer', url: '/api/user/account/claims/999999/files/1', expect: all(BUYERS, 404) },
  'GET /api/user/account/alerts': { access: 'buyer', url: '/api/user/account/alerts', expect: all(BUYERS, 200) },
  'PUT /api/user/account/alerts': { access: 'buyer', url: '/api/user/account/alerts', payload: INVALID, expect: all(BUYERS, 400) },
  'GET /api/admin/admin-emails': { access: 'admin', url: '/api/admin/admin-emails', expect: all(ADMINS, 200) },
  'GET /api/admin/admin-emails/:id': { access: 'admin', url: '/api/admin/admin-emails/abc', expect: all(ADMINS, 400) },
  'POST /api/admin/admin-emails': { access: 'admin', url: '/api/admin/admin-emails', payload: INVALID, expect: all(ADMINS, 400) },
  'DELETE /api/admin/admin-emails/:id': { access: 'admin', url: '/api/admin/admin-emails/abc', expect: all(ADMINS, 400) },
  // limited to 5 an hour per address, checked before the body (the sixth caller here is refused)
  'POST /api/user/sendmail': { access: 'public', url: '/api/user/sendmail', payload: INVALID, expect: all(EVERYONE, [400, 429]) },
  'GET /api/admin/users': { access: 'admin', url: '/api/admin/users', expect: all(ADMINS, 200) },
  'GET /api/admin/users/find/by/:username': { access: 'admin', url: '/api/admin/users/find/by/76123456-0', expect: all(ADMINS, 200) },
  'GET /api/admin/users/erp-customer/:rut': { access: 'admin', url: '/api/admin/users/erp-customer/76123456-0', expect: all(ADMINS, 200) },
  'GET /api/admin/users/:id': { access: 'admin', url: (c) => `/api/admin/users/${c.ids.buyer}`, expect: all(ADMINS, 200) },
  'POST /api/admin/users': { access: 'admin', url: '/api/admin/users', payload: INVALID, expect: all(ADMINS, 400) },
  'POST /api/admin/linesheet/send': { access: 'admin', url: '/api/admin/linesheet/send', payload: INVALID, expect: all(ADMINS, 400) },
  'DELETE /api/admin/users/:id': { access: 'admin', url: '/api/admin/users/abc', expect: all(ADMINS, 400) },
  // the sales reps' routes: reps only (their scope: reps-scope-matrix.test.ts)
  'GET /api/rep/customers': { access: 'rep', url: '/api/rep/customers', expect: {} },
  // a customer's line sheet by mail (docs/linesheet.md): an admin for any customer, a rep for their own
  'POST /api/rep/linesheet/send': { access: 'rep', url: '/api/rep/linesheet/send', payload: INVALID, expect: {} },
  'POST /api/rep/represent/end': { access: 'rep', url: '/api/rep/represent/end', payload: {}, expect: {} },
  'POST /api/rep/represent/:cardCode': { access: 'rep', url: '/api/rep/represent/C76123456', payload: {}, expect: {} },
  'GET /api/rep/orders': { access: 'rep', url: '/api/rep/orders', expect: {} },
  'GET /api/rep/orders/:id': { access: 'rep', url: '/api/rep/orders/1', expect: {} },
  'GET /api/admin/jobs': { access: 'admin', url: '/api/admin/jobs', expect: all(ADMINS, 200) },
  'POST /api/admin/jobs/:id/retry': { access: 'admin', url: '/api/admin/jobs/abc/retry', expect: all(ADMINS, 400) },
  'GET /api/admin/jobs/summary': { access: 'admin', url: '/api/admin/jobs/summary', expect: all(ADMINS, 200) },
  'GET /api/admin/jobs/:id': { access: 'admin', url: '/api/admin/jobs/abc', expect: all(ADMINS, 400) },
  'POST /api/admin/jobs/retry': { access: 'admin', url: '/api/admin/jobs/retry', payload: INVALID, expect: all(ADMINS, 400) },
  'GET /api/admin/users/list': { access: 'admin', url: '/api/admin/users/list', expect: all(ADMINS, 200) },
  'GET /api/admin/sales-persons': { access: 'admin', url: '/api/admin/sales-persons', expect: all(ADMINS, 200) },
  'GET /api/admin/orders': { access: 'admin', url: '/api/admin/orders', expect: all(ADMINS, 200) },
  'GET /api/admin/orders/:id': { access: 'admin', url: '/api/admin/orders/OC999999', expect: all(ADMINS, 404) },
  'GET /api/admin/audit': { access: 'admin', url: '/api/admin/audit', expect: all(ADMINS, 200) },
  'GET /api/user/orders': { access: 'buyer', url: '/api/user/orders', expect: all(BUYERS, 200) },
  'GET /api/user/orders/:id': { access: 'buyer', url: (c) => `/api/user/orders/${c.orderId}`, expect: owned() },
  // loopback callers only (inject comes from 127.0.0.1), or METRICS_TOKEN: see metrics.test.ts
  'GET /metrics': { access: 'public', url: '/metrics', expect: all(EVERYONE, 200) },
  'GET /api/health': { access: 'public', url: '/api/health', expect: all(EVERYONE, 200) },
  'GET /api/ready': { access: 'public', url: '/api/ready', expect: all(EVERYONE, [200, 503]) },
  'GET /api/public-config': { access: 'public', url: '/api/public-config', expect: all(EVERYONE, 200) },
  // --- approval of orders by the buying company (company-approval.test.ts: roles, another company's order, decisions)
  'GET /api/user/company/approvals': { access: 'buyer', url: '/api/user/company/approvals', expect: all(BUYERS, 200) },
  'POST /api/user/company/approvals/:id/approve': { access: 'buyer', url: (c) => `/api/user/company/approvals/${c.orderId}/approve`, payload: { total: 'x' }, expect: all(BUYERS, 400) },
  'POST /api/user/company/approvals/:id/reject': { access: 'buyer', url: (c) => `/api/user/company/approvals/${c.orderId}/reject`, payload: INVALID, expect: all(BUYERS, 400) },
  // --- end of the approval block
};

/** What the access itself answers to each caller it refuses (filled in before the row's own expectations). */
function refusedBy(access: Access): Partial<Record<Who, number>> {
  if (access === 'session') return { visitor: 401 };
  if (access === 'buyer') return { visitor: 401, admin: 403, superadmin: 403 };
  if (access === 'admin') return { visitor: 401, buyer: 403, other: 403, blocked: 403 };
  if (access === 'rep') return { visitor: 401, buyer: 403, other: 403, blocked: 403, admin: 403, superadmin: 403 };
  return {};
}

const ACCOUNTS: Record<Exclude<Who, 'visitor'>, [string, string]> = {
  buyer: ['76.123.456-0', 'Demo1234'],
  other: ['76.234.567-6', 'Demo1234'],
  blocked: ['78.456.789-3', 'Demo1234'],
  admin: ['22.222.222-2', 'Admin1234'],
  superadmin: ['11.111.111-1', 'Admin1234'],
};

let t: TestApp;
const tokens = {} as Record<Who, string | undefined>;
const ctx: Ctx = { ids: {} as Record<Who, number>, orderId: 0 };

beforeAll(async () => {
  // the ERP's assignment of a customer is read on every request (no 30 s reuse), so a reassignment counts at once below
  t = await createTestApp({ repScopeCacheMs: 0 }, { worker: { autoStart: false } });
  for (const [who, [rut, password]] of Object.entries(ACCOUNTS) as [Exclude<Who, 'visitor'>, [string, string]][]) {
    const session = await login(t.app, rut, password);
    tokens[who] = session.token;
    ctx.ids[who] = session.id;
  }
  const [order] = await t.database.db
    .insert(orders)
    .values({ orderType: 'ONLINE', userId: ctx.ids.buyer, companyRut: '76.123.456-0', cardCode: 'C76123456', net: 1, offerDiscount: 0, loyaltyDiscount: 0, subtotal: 1, vat: 0, total: 1 })
    .returning({ id: orders.id });
  ctx.orderId = order!.id;
}, 60_000);
afterAll(() => t.close());

const urlOf = (row: Row) => (typeof row.url === 'function' ? row.url(ctx) : row.url);
const methodOf = (key: string) => key.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('authorization matrix', () => {
  it('lists every registered route, with the access it declares', () => {
    const registered = [...t.app.routeAccess].filter(([key]) => !key.startsWith('HEAD ') && !key.startsWith('OPTIONS '));
    const missing = registered.filter(([key]) => !(key in TABLE)).map(([key]) => key);
    expect(missing).toEqual([]);
    const stale = Object.keys(TABLE).filter((key) => !t.app.routeAccess.has(key));
    expect(stale).toEqual([]);
    for (const [key, access] of registered) expect([key, access]).toEqual([key, TABLE[key]!.access]);
    // a HEAD twin has the access of its GET
    for (const [key, access] of t.app.routeAccess) if (key.startsWith('HEAD ')) expect([key, access]).toEqual([key, t.app.routeAccess.get(key.replace('HEAD', 'GET'))]);
  });

  describe.each(Object.entries(TABLE))('%s', (key, row) => {
    const expected = { ...row.expect, ...refusedBy(row.access) };

    it.each(EVERYONE)('as %s', async (who) => {
      const want = expected[who];
      expect(want).toBeDefined();
      const res = await call(t.app, { method: methodOf(key), url: urlOf(row), payload: row.payload as object, headers: row.headers, token: tokens[who] });
      const wanted = Array.isArray(want) ? want : [want];
      const ok = wanted.includes(res.statusCode);
      expect({ who, status: res.statusCode, wanted, body: ok ? '' : res.body.slice(0, 300) }).toEqual({ who, status: ok ? res.statusCode : wanted[0], wanted, body: '' });
      if (res.statusCode === 401 && who === 'visitor' && refusedBy(row.access).visitor) expect(res.json()).toEqual({ status: 401, message: MSG.notAuthenticated });
      if (refusedBy(row.access)[who] === 403) expect(res.json()).toMatchObject({ status: 403 });
    });
  });

  it.each(Object.entries(TABLE).filter(([key, row]) => methodOf(key) !== 'GET' && ['session', 'buyer', 'admin', 'rep'].includes(row.access)))(
    '%s: the session comes before the anti-forgery token, the token before the body',
    async (key, row) => {
      const url = urlOf(row);
      const bare = await t.app.inject({ method: methodOf(key), url, payload: INVALID });
      expect(bare.statusCode).toBe(401);
      const who = row.access === 'admin' ? 'admin' : 'buyer';
      if (row.access === 'rep') return; // no rep among the callers above: reps-scope-matrix.test.ts checks the order for them
      const noToken = await t.app.inject({ method: methodOf(key), url, payload: INVALID, headers: { authorization: tokens[who]! } });
      expect(noToken.statusCode).toBe(403);
      expect(noToken.json()).toEqual({ status: 403, message: SERVER_MSG.xsrfMissing });
    },
  );
});

describe('the blocked buyer (morosidad)', () => {
  it('reads its own profile, cart and history', async () => {
    const token = tokens.blocked;
    const profile = await call(t.app, { method: 'GET', url: `/api/user/b1/profile/${ctx.ids.blocked}`, token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().morosidad).not.toBe('');
    expect((await call(t.app, { method: 'GET', url: `/api/user/cart/find-by-userid/${ctx.ids.blocked}`, token })).statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/api/user/b1/purchase-history/C78456789', token })).statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/api/user/b1/pending-payments/C78456789', token })).statusCode).toBe(200);
  });

  it('cannot fill a cart or make an order', async () => {
    const token = tokens.blocked;
    const cart = await call(t.app, { method: 'POST', url: '/api/user/cart', token, payload: { sku: 'POL-1001-M', quantity: 1 } });
    expect(cart.statusCode).toBe(403);
    expect(cart.json()).toEqual({ status: 403, message: SERVER_MSG.cartBlocked });
    const order = await call(t.app, {
      method: 'POST',
      url: '/api/orders',
      token,
      payload: { orderType: 'ONLINE', tipoEntrega: 'retiro', invoiceAddress: 'F1', paymentMethod: 'CREDIT' },
    });
    expect(order.statusCode).toBe(403);
    expect(order.json()).toEqual({ status: 403, message: MSG.blocked });
  });
});

describe('ownership', () => {
  it("another buyer's order, cart or customer code answers no data", async () => {
    for (const url of [`/api/orders/${ctx.orderId}`, `/api/user/b1/profile/${ctx.ids.buyer}`, '/api/user/b1/purchase-history/C76123456', '/api/user/b1/pending-payments/C76123456']) {
      const res = await call(t.app, { method: 'GET', url, token: tokens.other });
      expect([403, 404]).toContain(res.statusCode);
      expect(res.body).not.toMatch(/C76123456|Comercial Los Andes/);
    }
  });
});

// Two buying companies, a person of each of the four roles in each: what each role may call of every buyer route, and
// that a person of one company never reaches the other's data whatever id the path carries (docs/company-people.md).
// Company A is 76.123.456-0 (its login, the administrator, is 'buyer' above); company B is 76.234.567-6 ('other').

/** What each buyer route needs of the role inside the company: a new buyer route needs a decision here. */
const CAPABILITY: Record<string, readonly Capability[]> = {
  'GET /api/user/b1/profile/:userId': ['browse'],
  'POST /api/user/b1/update-profile': ['people'],
  'GET /api/user/b1/tipo-transport': ['buy'],
  'GET /api/user/b1/purchase-history/:customerId': ['finance', 'buy'],
  'GET /api/user/b1/purchase-history-det/:docEntry': ['finance', 'buy'],
  'GET /api/user/b1/pending-payments/:customerId': ['finance'],
  'GET /api/user/account/summary': ['finance'],
  'GET /api/user/account/documents': ['finance'],
  'GET /api/user/account/documents/:kind/:docEntry': ['finance'],
  'GET /api/user/account/documents/:kind/:docEntry/file/:format': ['finance'],
  'GET /api/user/account/payments/:docEntry': ['finance'],
  'GET /api/user/account/statement': ['finance'],
  'POST /api/user/cart': ['buy'],
  'POST /api/user/cart/bulk': ['buy'],
  'POST /api/user/quick-order/validate': ['buy'],
  'POST /api/user/quick-order/file': ['buy'],
  'GET /api/user/linesheet': ['browse'],
  'POST /api/user/orders/:id/reorder': ['buy'],
  'POST /api/user/b1/purchase-history/:docEntry/reorder': ['buy'],
  'PUT /api/user/cart': ['buy'],
  'GET /api/user/cart/find-by-userid/:userId': ['buy'],
  'GET /api/user/cart/count-cart/:userId': ['buy'],
  'DELETE /api/user/cart/clear-cart/:userId': ['buy'],
  'DELETE /api/user/cart/:id': ['buy'],
  'GET /api/user/curves': ['buy'],
  'POST /api/user/curves': ['buy'],
  'PUT /api/user/curves/:id': ['buy'],
  'DELETE /api/user/curves/:id': ['buy'],
  'GET /api/user/stock-alerts': ['buy'],
  'POST /api/user/stock-alerts': ['buy'],
  'DELETE /api/user/stock-alerts/:id': ['buy'],
  'GET /api/user/saved-lists': ['buy'],
  'POST /api/user/saved-lists': ['buy'],
  'GET /api/user/saved-lists/:id': ['buy'],
  'PATCH /api/user/saved-lists/:id': ['buy'],
  'DELETE /api/user/saved-lists/:id': ['buy'],
  'POST /api/user/saved-lists/:id/styles': ['buy'],
  'PUT /api/user/saved-lists/:id/styles/:style': ['buy'],
  'DELETE /api/user/saved-lists/:id/styles/:style': ['buy'],
  'POST /api/user/saved-lists/:id/to-cart': ['buy'],
  'POST /api/orders': ['buy'],
  'GET /api/orders/:id': ['browse'],
  'POST /api/orders/:id/payment-link': ['buy'],
  'GET /api/orders/:id/payment-link': ['buy'],
  'POST /api/user/b1/reserve': ['buy'],
  'POST /api/user/b1/ov': ['buy'],
  'POST /api/orders/update/state/order': ['buy'],
  'POST /api/user/tbk/create': ['buy', 'finance'],
  'POST /api/user/account/pay/preview': ['finance'],
  'PUT /api/user/tbk/confirm/:token': ['buy', 'finance'],
  'GET /api/user/tbk/state/:token': ['buy', 'finance'],
  'POST /api/user/tbk/update-tbk': ['buy', 'finance'],
  'POST /api/user/khipu/payments': ['buy', 'finance'],
  'GET /api/user/khipu/payments/:id': ['buy', 'finance'],
  'POST /api/user/khipu/payments/:id/confirm': ['buy', 'finance'],
  'POST /api/user/b1/pay-invoice': ['buy', 'finance'],
  'POST /api/user/b1/pay-account': ['buy', 'finance'],
  'POST /api/user/sendmail/order': ['buy'],
  'POST /api/user/pay-cheque': ['buy'],
  'POST /api/user/account/documents/:kind/:docEntry/claims': ['finance'],
  'GET /api/user/account/claims/:id/files/:fileId': ['finance'],
  'GET /api/user/account/alerts': ['finance'],
  'PUT /api/user/account/alerts': ['finance'],
  'GET /api/user/orders': ['browse'],
  'GET /api/user/orders/:id': ['browse'],
  'GET /api/user/company/people': ['people'],
  'POST /api/user/company/people': ['people'],
  'PUT /api/user/company/people/:id': ['people'],
  'POST /api/user/company/people/:id/deactivate': ['people'],
  'POST /api/user/company/people/:id/reactivate': ['people'],
  'POST /api/user/company/people/:id/password-link': ['people'],
  'GET /api/user/company/approvals': ['approve'],
  'POST /api/user/company/approvals/:id/approve': ['approve'],
  'POST /api/user/company/approvals/:id/reject': ['approve'],
};

type Person = { company: 'A' | 'B'; role: CompanyRole; rut: string };
const PEOPLE: Record<string, Person> = {
  'A administrador': { company: 'A', role: 'ADMINISTRADOR', rut: '76.123.456-0' },
  'A comprador': { company: 'A', role: 'COMPRADOR', rut: '18.901.234-9' },
  'A aprobador': { company: 'A', role: 'APROBADOR', rut: '12.456.789-0' },
  'A finanzas': { company: 'A', role: 'FINANZAS', rut: '16.789.012-1' },
  'B administrador': { company: 'B', role: 'ADMINISTRADOR', rut: '76.234.567-6' },
  'B comprador': { company: 'B', role: 'COMPRADOR', rut: '17.890.123-0' },
  // company B's demo people have no Aprobador: one is added for the matrix
  'B aprobador': { company: 'B', role: 'APROBADOR', rut: '9.876.543-3' },
  'B finanzas': { company: 'B', role: 'FINANZAS', rut: '14.567.890-0' },
};
const people = {} as Record<string, { token: string; id: number }>;

describe('two companies × four roles', () => {
  beforeAll(async () => {
    const [template] = await t.database.db.select().from(users).where(eq(users.username, '17.890.123-0'));
    await t.database.db.insert(users).values({
      username: '9.876.543-3', passwordHash: template!.passwordHash, userType: 'USER', companyRut: '76.234.567-6', companyRole: 'APROBADOR',
      fullName: 'Aprobadora de prueba', email: 'aprobadora@textilespacifico.cl',
    });
    for (const [who, person] of Object.entries(PEOPLE)) people[who] = await login(t.app, person.rut, 'Demo1234');
  }, 60_000);

  it('every buyer route declares what it needs of the role, as decided here', () => {
    const buyerRoutes = [...t.app.routeAccess].filter(([key, access]) => access === 'buyer' && !key.startsWith('HEAD ')).map(([key]) => key);
    expect(buyerRoutes.sort()).toEqual(Object.keys(CAPABILITY).sort());
    for (const key of buyerRoutes) expect([key, [...(t.app.routeCapabilities.get(key) ?? [])].sort()]).toEqual([key, [...CAPABILITY[key]!].sort()]);
  });

  const rows = Object.entries(TABLE).filter(([, row]) => row.access === 'buyer');
  describe.each(rows)('%s', (key, row) => {
    it.each(Object.keys(PEOPLE))('as %s', async (who) => {
      const person = PEOPLE[who]!;
      const self = people[who]!;
      // a path's user id is always the caller's own (another id is refused as before); its data is the company's
      const url = key.includes(':userId') ? urlOf(row).replace(String(ctx.ids.buyer), String(self.id)) : urlOf(row);
      const res = await call(t.app, { method: methodOf(key), url, payload: row.payload as object, headers: row.headers, token: self.token });
      const needs = CAPABILITY[key]!;
      if (!needs.some((capability) => mayDo(person.role, capability))) {
        expect({ who, status: res.statusCode, body: res.json() }).toEqual({ who, status: 403, body: { status: 403, message: CAPABILITY_DENIED[needs[0]!] } });
        return;
      }
      // the own user id in the path is everybody's own data; any other path names company A's things
      const want = row.expect[person.company === 'A' || key.includes(':userId') ? 'buyer' : 'other']!;
      const wanted = Array.isArray(want) ? want : [want];
      expect({ who, status: res.statusCode, wanted, body: wanted.includes(res.statusCode) ? '' : res.body.slice(0, 300) }).toEqual({
        who,
        status: wanted.includes(res.statusCode) ? res.statusCode : wanted[0],
        wanted,
        body: '',
      });
    });
  });

  it("a person reads the company's orders placed by another of its people; the other company's people get 404 whatever the id", async () => {
    const [placed] = await t.database.db
      .insert(orders)
      .values({ orderType: 'ONLINE', userId: people['A comprador']!.id, companyRut: '76.123.456-0', cardCode: 'C76123456', net: 1, offerDiscount: 0, loyaltyDiscount: 0, subtotal: 1, vat: 0, total: 1 })
      .returning({ id: orders.id });
    for (const who of ['A administrador', 'A aprobador', 'A finanzas', 'A comprador']) {
      const res = await call(t.app, { method: 'GET', url: `/api/user/orders/${placed!.id}`, token: people[who]!.token });
      expect([who, res.statusCode]).toEqual([who, 200]);
      const list = await call(t.app, { method: 'GET', url: '/api/user/orders', token: people[who]!.token });
      expect(list.json().rows.map((o: { id: number }) => o.id)).toContain(placed!.id);
    }
    for (const who of ['B administrador', 'B comprador', 'B aprobador', 'B finanzas']) {
      for (const url of [`/api/user/orders/${placed!.id}`, `/api/orders/${placed!.id}`]) {
        const res = await call(t.app, { method: 'GET', url, token: people[who]!.token });
        expect([who, url, res.statusCode]).toEqual([who, url, 404]);
      }
      const list = await call(t.app, { method: 'GET', url: '/api/user/orders', token: people[who]!.token });
      expect(list.json().rows.map((o: { id: number }) => o.id)).not.toContain(placed!.id);
      for (const url of ['/api/user/b1/purchase-history/C76123456', '/api/user/b1/pending-payments/C76123456']) {
        const res = await call(t.app, { method: 'GET', url, token: people[who]!.token });
        expect([403, 404]).toContain(res.statusCode);
        expect(res.body).not.toMatch(/Comercial Los Andes/);
      }
    }
  });

  it("a person's profile is the company's, and another person's id in the path is refused", async () => {
    const own = await call(t.app, { method: 'GET', url: `/api/user/b1/profile/${people['A finanzas']!.id}`, token: people['A finanzas']!.token });
    expect(own.json()).toMatchObject({ idcliente: 'C76123456' });
    const someoneElse = await call(t.app, { method: 'GET', url: `/api/user/b1/profile/${people['A comprador']!.id}`, token: people['A finanzas']!.token });
    expect(someoneElse.statusCode).toBe(403);
  });
});

// The wholesaler's sales reps (docs/sales-reps.md): on every buyer route, a rep acting for a customer in their scope
// gets what the customer's own Administrador gets, within what a rep may do (browse, buy); a rep whose customer left
// their scope, whose representation ended, who represents nobody or who was deactivated gets nothing.
// Carolina (13.579.246-2, sales employee 1) has the customers assigned to her; Martín (14.680.357-1, 2) has them all.

type RepCase = 'asignado, cliente propio' | 'todos, cliente de otro vendedor' | 'asignado, cliente bloqueado' | 'asignado, cliente reasignado' | 'atención terminada' | 'sin cliente' | 'desactivado';
const REP_CASES: RepCase[] = ['asignado, cliente propio', 'todos, cliente de otro vendedor', 'asignado, cliente bloqueado', 'asignado, cliente reasignado', 'atención terminada', 'sin cliente', 'desactivado'];
const reps = {} as Record<RepCase, { token: string; id: number }>;
const partner = (cardCode: string) => t.b1.data.BusinessPartners.find((bp) => bp.CardCode === cardCode)!;

async function representing(rut: string, cardCode: string): Promise<{ token: string; id: number }> {
  const session = await login(t.app, rut, 'Demo1234');
  const res = await call(t.app, { method: 'POST', url: `/api/rep/represent/${cardCode}`, token: session.token, payload: {} });
  expect([cardCode, res.statusCode]).toEqual([cardCode, 200]);
  return { token: res.json().token as string, id: session.id };
}

describe('sales reps × scope', () => {
  const REASSIGNED = 'C76234567'; // Carolina's in the demo; moved to Martín below
  beforeAll(async () => {
    reps['asignado, cliente propio'] = await representing('13.579.246-2', 'C76123456');
    reps['todos, cliente de otro vendedor'] = await representing('14.680.357-1', 'C76123456');
    reps['asignado, cliente bloqueado'] = await representing('13.579.246-2', 'C78456789');
    reps['asignado, cliente reasignado'] = await representing('13.579.246-2', REASSIGNED);
    partner(REASSIGNED).SalesPersonCode = 2;
    const ended = await representing('13.579.246-2', 'C76123456');
    await call(t.app, { method: 'POST', url: '/api/rep/represent/end', token: ended.token, payload: {} });
    reps['atención terminada'] = ended; // the token that named the representation, still presented
    const none = await login(t.app, '13.579.246-2', 'Demo1234');
    reps['sin cliente'] = { token: none.token, id: none.id };
    // a third rep, deactivated while representing
    const [template] = await t.database.db.select().from(users).where(eq(users.username, '13.579.246-2'));
    await t.database.db.insert(users).values({ username: '15.791.468-5', passwordHash: template!.passwordHash, userType: 'VENDEDOR', salesPersonCode: 1, repScope: 'ASIGNADOS', fullName: 'Vendedor desactivado' });
    reps.desactivado = await representing('15.791.468-5', 'C76123456');
    await t.database.db.update(users).set({ enabled: false, tokenVersion: 1 }).where(eq(users.username, '15.791.468-5'));
    t.app.forgetSession(reps.desactivado.id);
  }, 60_000);
  afterAll(() => {
    partner(REASSIGNED).SalesPersonCode = 1;
  });

  const refusal: Partial<Record<RepCase, { status: number; message: string }>> = {
    'asignado, cliente reasignado': { status: 403, message: SERVER_MSG.repOutOfScope },
    'atención terminada': { status: 403, message: SERVER_MSG.repRepresentationEnded },
    'sin cliente': { status: 403, message: SERVER_MSG.repNotRepresenting },
    desactivado: { status: 401, message: MSG.sessionExpired },
  };

  /** Buyer routes only a representing rep may use (the company's people get 403): what the rep gets for company A's order. */
  const REP_ONLY: Record<string, number> = {
    // the matrix's order is no card or transfer order waiting for its payment
    'POST /api/orders/:id/payment-link': 409,
  };

  const rows = Object.entries(TABLE).filter(([, row]) => row.access === 'buyer');
  describe.each(rows)('%s', (key, row) => {
    it.each(REP_CASES)('rep %s', async (who) => {
      const self = reps[who];
      const url = key.includes(':userId') ? urlOf(row).replace(String(ctx.ids.buyer), String(self.id)) : urlOf(row);
      const res = await call(t.app, { method: methodOf(key), url, payload: row.payload as object, headers: row.headers, token: self.token });
      const refused = refusal[who];
      if (refused) {
        expect({ who, status: res.statusCode, body: res.json() }).toEqual({ who, status: refused.status, body: refused });
        return;
      }
      const needs = CAPABILITY[key]!;
      if (!needs.some((capability) => REP_CAPABILITIES.includes(capability))) {
        expect({ who, status: res.statusCode, body: res.json() }).toEqual({ who, status: 403, body: { status: 403, message: CAPABILITY_DENIED[needs[0]!] } });
        return;
      }
      // acting for company A (76.123.456-0) the rep gets what its Administrador gets; for the blocked company, what its
      // login gets; a route only a rep may use answers on the order itself (REP_ONLY)
      const want = (REP_ONLY[key] && who !== 'asignado, cliente bloqueado' ? REP_ONLY[key] : undefined) ?? row.expect[who === 'asignado, cliente bloqueado' && !key.includes(':userId') ? 'blocked' : 'buyer']!;
      const wanted = Array.isArray(want) ? want : [want];
      expect({ who, status: res.statusCode, wanted, body: wanted.includes(res.statusCode) ? '' : res.body.slice(0, 300) }).toEqual({
        who,
        status: wanted.includes(res.statusCode) ? res.statusCode : wanted[0],
        wanted,
        body: '',
      });
    });
  });

  // the rep's own routes: whatever customer the token names, they answer for the rep's scope as the ERP has it now
  it.each(REP_CASES)('the rep routes, rep %s', async (who) => {
    const { token } = reps[who];
    const [reassignedOrder] = await t.database.db
      .insert(orders)
      .values({ orderType: 'ONLINE', userId: ctx.ids.other, companyRut: '76.234.567-6', cardCode: REASSIGNED, net: 1, offerDiscount: 0, loyaltyDiscount: 0, subtotal: 1, vat: 0, total: 1 })
      .returning({ id: orders.id });
    const get = (url: string) => call(t.app, { method: 'GET', url, token });
    const answers = {
      customers: await get(`/api/rep/customers?q=${REASSIGNED}`),
      orders: await get('/api/rep/orders'),
      ownCustomersOrder: await get(`/api/rep/orders/${ctx.orderId}`),
      reassignedOrder: await get(`/api/rep/orders/${reassignedOrder!.id}`),
    };
    if (who === 'desactivado') {
      for (const answer of Object.values(answers)) expect(answer.json()).toEqual({ status: 401, message: MSG.sessionExpired });
      return;
    }
    const all = who === 'todos, cliente de otro vendedor';
    expect([who, answers.customers.statusCode, answers.orders.statusCode, answers.ownCustomersOrder.statusCode]).toEqual([who, 200, 200, 200]);
    const cardCodes = answers.customers.json<{ rows: { cardCode: string }[] }>().rows.map((r) => r.cardCode);
    expect([who, cardCodes.includes(REASSIGNED)]).toEqual([who, all]);
    expect([who, answers.reassignedOrder.json()]).toEqual([who, all ? expect.objectContaining({ id: reassignedOrder!.id }) : { status: 403, message: SERVER_MSG.repOutOfScope }]);
  });

  it('representing: a customer in the scope, never one outside it; a deactivated rep not at all', async () => {
    const carolina = await login(t.app, '13.579.246-2', 'Demo1234');
    const martin = await login(t.app, '14.680.357-1', 'Demo1234');
    const represent = (token: string, cardCode: string) => call(t.app, { method: 'POST', url: `/api/rep/represent/${cardCode}`, token, payload: {} });
    expect((await represent(carolina.token, 'C76789012')).statusCode).toBe(200);
    expect((await represent(carolina.token, 'C78456789')).statusCode).toBe(200); // blocked: represented, shown blocked
    for (const other of ['C77890123', REASSIGNED, 'C76678901']) expect([other, (await represent(carolina.token, other)).json()]).toEqual([other, { status: 403, message: SERVER_MSG.repOutOfScope }]);
    for (const any of ['C77890123', REASSIGNED, 'C76678901']) expect([any, (await represent(martin.token, any)).statusCode]).toEqual([any, 200]);
    expect((await represent(reps.desactivado.token, 'C76123456')).statusCode).toBe(401);
  });

  it('the blocked customer: a rep builds the cart to quote, the order is refused as for the customer', async () => {
    const { token } = reps['asignado, cliente bloqueado'];
    const cart = await call(t.app, { method: 'POST', url: '/api/user/cart', token, payload: { sku: 'POL-1001-M', quantity: 1 } });
    expect(cart.statusCode).toBe(201);
    const order = await call(t.app, { method: 'POST', url: '/api/orders', token, payload: { orderType: 'ONLINE', tipoEntrega: 'retiro', invoiceAddress: 'F1', paymentMethod: 'CREDIT' } });
    expect(order.json()).toEqual({ status: 403, message: MSG.blocked });
  });
});
