// The paths of the operations screens, which several features link to (a feature never imports another one): an order
// links its jobs, a job its order, the purchase history the portal order.

export const ADMIN_ORDERS_PATH = '/admin/orders';
export const ADMIN_JOBS_PATH = '/admin/jobs';
export const ADMIN_AUDIT_PATH = '/admin/audit';
export const BUYER_ORDERS_PATH = '/user/orders';

/** An order of the admin area, by its number (OC000042) or id. */
export const adminOrderPath = (ref: string | number) => `${ADMIN_ORDERS_PATH}/${encodeURIComponent(String(ref))}`;
export const adminJobPath = (id: number) => `${ADMIN_JOBS_PATH}/${id}`;
/** A buyer's own order in 'Mis pedidos', by its number or id. */
export const buyerOrderPath = (ref: string | number) => `${BUYER_ORDERS_PATH}/${encodeURIComponent(String(ref))}`;

/** 'Mis pedidos del vendedor' (docs/sales-reps.md), and one of its orders by number or id. */
export const REP_ORDERS_PATH = '/rep/orders';
export const repOrderPath = (ref: string | number) => `${REP_ORDERS_PATH}/${encodeURIComponent(String(ref))}`;

/** A product's page, by its style or size sku (the catalogue, search, Home's offers and the cart link to it). */
export const productDetailPath = (sku: string) => `/user/product-detail/${encodeURIComponent(sku)}`;

/** 'Próxima temporada' (docs/incoming.md): the styles whose stock is only on its way; the menu links to it. */
export const SEASON_PATH = '/user/proxima-temporada';

/** 'Lista de precios' (docs/linesheet.md): the buyer's prices as XLSX or PDF; the menu links to it. */
export const LINESHEET_PATH = '/user/linesheet';
/** 'Enviar lista de precios': an admin's, and a rep's for their customers (`?rut=` names the customer). */
export const ADMIN_LINESHEET_PATH = '/admin/linesheet';
export const REP_LINESHEET_PATH = '/rep/linesheet';
export const repLinesheetPath = (rut: string) => `${REP_LINESHEET_PATH}?rut=${encodeURIComponent(rut)}`;

/** The name of an eye link to a product: its description and sku, so two colours of one model are told apart. */
export const productLinkLabel = (descripcion: string, sku: string) => `Ver producto ${descripcion} (${sku})`;

// company people (docs/company-people.md): 'Mi empresa → Personas' (the menu links to it) and the public page of the
// set-your-password link a new person gets by mail (`/set-password?token=…`)
export const COMPANY_PEOPLE_PATH = '/user/company/people';
export const SET_PASSWORD_PATH = '/set-password';

// the sales reps' screens (docs/sales-reps.md): 'Mis clientes' (where a rep lands after login and after 'Terminar');
// 'Mis pedidos del vendedor' is REP_ORDERS_PATH above
export const REP_CUSTOMERS_PATH = '/rep/customers';

// the cuenta corriente (docs/account.md): the open items, the statement of a period and one document's page (the
// statement's movements and the open items link to it)
export const ACCOUNT_PATH = '/user/account';
export const ACCOUNT_STATEMENT_PATH = '/user/account/statement';
export const ACCOUNT_DOCUMENT_ROUTE = '/user/account/documents/:kind/:docEntry';
/** One of the company's account documents, by its kind (the ERP's set) and docEntry. */
export const accountDocumentPath = (kind: string, docEntry: number) => `/user/account/documents/${encodeURIComponent(kind)}/${docEntry}`;

// the buyer's saved lists (docs/saved-lists.md): the lists, one list, and a list's line sheet
export const SAVED_LISTS_PATH = '/user/listas';
export const savedListPath = (id: number) => `${SAVED_LISTS_PATH}/${id}`;
/** The line sheet of a saved list (the line sheet screen reads `alcance` and `lista`). */
export const listLineSheetPath = (id: number) => `/user/linesheet?alcance=LISTA&lista=${id}`;
