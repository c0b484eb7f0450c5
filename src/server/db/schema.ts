import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, date, index, integer, jsonb, numeric, pgEnum, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { COMPANY_ROLES } from '@shared/companyRoles';
import { REP_SCOPES, ROLES } from '@shared/roles';
import { DELIVERY_TYPES, NOTIFICATION_SECTIONS, ORDER_STATES, ORDER_TYPES, PAYMENT_METHODS } from '@shared/orders';
import { PAYMENT_PROVIDERS, PAYMENT_STATES } from '@shared/payments';
import type { AccountDocumentKind, DteType } from '@shared/api/account';
import type { IncomingShipping } from '@shared/incoming';

export const userType = pgEnum('user_type', ROLES);
export const repScope = pgEnum('rep_scope', REP_SCOPES);
export const companyRole = pgEnum('company_role', COMPANY_ROLES);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /**
     * The login rut, formatted with dots, dash and upper-case check digit ('76.123.456-0'): the company's rut for the
     * company's own login (its first administrator), a person's own rut for the other people of a company.
     */
    username: varchar('username', { length: 16 }).notNull(),
    /** The buying company a USER acts for (its rut, formatted as username); '' for the wholesaler's admins. */
    companyRut: varchar('company_rut', { length: 16 }).notNull().default(''),
    /** The user's role inside the company (USER only). */
    companyRole: companyRole('company_role').notNull().default('ADMINISTRADOR'),
    /** A Comprador's monthly limit in pesos, total with VAT; null: no limit. */
    monthlyLimit: bigint('monthly_limit', { mode: 'number' }),
    /** The person's name ('' for a company login created before people existed). */
    fullName: varchar('full_name', { length: 200 }).notNull().default(''),
    /** The person's ERP contact (BusinessPartners.ContactEmployees InternalCode); null when none. */
    contactCode: integer('contact_code'),
    /** A VENDEDOR's ERP sales employee (SalesPersons SalesEmployeeCode); null for anyone else. */
    salesPersonCode: integer('sales_person_code'),
    /** Which customers a VENDEDOR may represent (docs/sales-reps.md); null for anyone else. */
    repScope: repScope('rep_scope'),
    passwordHash: text('password_hash').notNull(),
    email: varchar('email', { length: 254 }).notNull().default(''),
    address: varchar('address', { length: 300 }).notNull().default(''),
    cellphone: varchar('cellphone', { length: 20 }).notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    userType: userType('user_type').notNull().default('USER'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Raised on a password change or deactivation: tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** The person receives the account's mail alerts (new invoice, due soon, overdue) when they have finance; on by default. */
    accountAlerts: boolean('account_alerts').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(() => sql`now()`),
  },
  (t) => [
    uniqueIndex('users_username_idx').on(t.username),
    index('users_company_idx').on(t.companyRut),
    // one person per e-mail inside a company, however many administrators add it at once
    uniqueIndex('users_company_email_idx').on(t.companyRut, sql`lower(${t.email})`).where(sql`${t.companyRut} <> '' and ${t.email} <> ''`),
  ],
);

export type UserRow = typeof users.$inferSelect;

/**
 * A set-your-password link mailed to a new person of a company: single use, with an expiry. Only the SHA-256 of the
 * link's secret is kept.
 */
export const passwordSetups = pgTable(
  'password_setups',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_setups_token_idx').on(t.tokenHash), index('password_setups_user_idx').on(t.userId)],
);

export type PasswordSetupRow = typeof passwordSetups.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/**
 * What the portal adds to an ERP style (R-ADM-PROD-2): images, technical sheet,
 * size guide, the offer and whether it is shown. A row with id > 0 is the list's 'Actualizado'.
 */
export const productContent = pgTable(
  'product_content',
  {
    id: serial('id').primaryKey(),
    sku: varchar('sku', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull().default(''),
    offer: boolean('offer').notNull().default(false),
    /** 'Femenino' goes to the women tab on home, anything else to the men tab. */
    genero: varchar('genero', { length: 20 }).notNull().default(''),
    /** Offer percentage 1..100 (0 when there is no offer). */
    percentage: smallint('percentage').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    mainUrlImage: varchar('main_url_image', { length: 300 }).notNull().default(''),
    secondUrlImage: varchar('second_url_image', { length: 300 }).notNull().default(''),
    thirdUrlImage: varchar('third_url_image', { length: 300 }).notNull().default(''),
    urlTechnicalSheet: varchar('url_technical_sheet', { length: 300 }).notNull().default(''),
    urlSizeGuideImage: varchar('url_size_guide_image', { length: 300 }).notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(() => sql`now()`),
  },
  (t) => [uniqueIndex('product_content_sku_idx').on(t.sku)],
);

export type ProductContentRow = typeof productContent.$inferSelect;

/**
 * The home carousel's banner set (R-ADM-BAN-1): three images. At most one set exists; the admin
 * routes enforce it. The urls are the file store's versioned urls ('/files/banners/…?v=…').
 */
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  nameFile: varchar('name_file', { length: 200 }).notNull().default(''),
  urlBannerImage: varchar('url_banner_image', { length: 300 }).notNull().default(''),
  urlBannerImage2: varchar('url_banner_image2', { length: 300 }).notNull().default(''),
  urlBannerImage3: varchar('url_banner_image3', { length: 300 }).notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(() => sql`now()`),
});

export type BannerRow = typeof banners.$inferSelect;
export type NewBanner = typeof banners.$inferInsert;
export type NewProductContent = typeof productContent.$inferInsert;

/** The buyer's server cart: one row per size (ItemCode). Prices are not stored: they are read fresh when shown. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The company the cart is for: a person's own company, or the customer a rep represents (a rep keeps one cart per
     * customer, apart from the customer's own people's carts).
     */
    companyRut: varchar('company_rut', { length: 16 }).notNull().default(''),
    /** The size's ItemCode. */
    sku: varchar('sku', { length: 50 }).notNull(),
    quantity: integer('quantity').notNull(),
    /**
     * A pre-order line (pedido por llegar, docs/incoming.md): units of the goods arriving, capped at what arrives and is
     * free to promise; the same size may have one line of each kind.
     */
    porLlegar: boolean('por_llegar').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(() => sql`now()`),
  },
  (t) => [uniqueIndex('cart_items_owner_sku_kind_idx').on(t.userId, t.companyRut, t.sku, t.porLlegar)],
);

export type CartItemRow = typeof cartItems.$inferSelect;

/**
 * A sales rep acting for a customer (docs/sales-reps.md): started by `POST /api/rep/represent/{cardCode}`, named by the
 * session's token, ended by 'Terminar' (or by a new representation or login). A token naming an ended one acts for no
 * company.
 */
export const representations = pgTable(
  'representations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The customer's ERP CardCode. */
    cardCode: varchar('card_code', { length: 50 }).notNull(),
    /** The customer's rut, formatted as a login ('76.123.456-0'): the company the session acts for. */
    companyRut: varchar('company_rut', { length: 16 }).notNull(),
    /** The customer's name (razón social) when the representation started. */
    companyName: varchar('company_name', { length: 200 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('representations_user_idx').on(t.userId, t.id)],
);

export type RepresentationRow = typeof representations.$inferSelect;

/**
 * The buyer's own size curves (docs/size-grid.md): a name and a ratio per size, `sizes` as `[{talla, ratio}]` in the
 * buyer's order. The suggested curves are not stored (src/shared/curves.ts). Names are unique per buyer.
 */
export const sizeCurves = pgTable(
  'size_curves',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    sizes: jsonb('sizes').$type<{ talla: string; ratio: number }[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(() => sql`now()`),
  },
  (t) => [uniqueIndex('size_curves_user_name_idx').on(t.userId, t.name)],
);

export type SizeCurveRow = typeof sizeCurves.$inferSelect;

/**
 * The buyers' saved lists (listas guardadas, docs/saved-lists.md): named sets of styles a person keeps for the company
 * they act for (a rep's own lists are per customer represented). A shared list is read and turned into a cart by the
 * company's other people; only its owner changes it. Names are unique per owner and company, case aside.
 */
export const savedLists = pgTable(
  'saved_lists',
  {
    id: serial('id').primaryKey(),
    /** The company the list belongs to: the acting company's rut as a login ('76.123.456-0'), as the cart keys it. */
    companyRut: varchar('company_rut', { length: 16 }).notNull(),
    ownerId: integer('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    shared: boolean('shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(() => sql`now()`),
  },
  (t) => [
    uniqueIndex('saved_lists_owner_name_idx').on(t.ownerId, t.companyRut, sql`lower(${t.name})`),
    index('saved_lists_company_idx').on(t.companyRut, t.shared),
  ],
);

export type SavedListRow = typeof savedLists.$inferSelect;

/** A style in a saved list, with the quantity to order of each of its sizes (ItemCode → units; none by default). */
export const savedListItems = pgTable(
  'saved_list_items',
  {
    id: serial('id').primaryKey(),
    listId: integer('list_id').notNull().references(() => savedLists.id, { onDelete: 'cascade' }),
    style: varchar('style', { length: 50 }).notNull(),
    quantities: jsonb('quantities').$type<Record<string, number>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_list_items_list_style_idx').on(t.listId, t.style)],
);

export type SavedListItemRow = typeof savedListItems.$inferSelect;

export const orderType = pgEnum('order_type', ORDER_TYPES);
export const orderState = pgEnum('order_state', ORDER_STATES);
export const paymentMethod = pgEnum('payment_method', PAYMENT_METHODS);
export const deliveryType = pgEnum('delivery_type', DELIVERY_TYPES);
/**
 * Where an order stands with the ERP: NONE (not sent), PENDING (queued, or sent with an outcome not yet known),
 * AWAITING_APPROVAL (the ERP made a Draft that waits for its approval procedure), SENT (the ERP has the document),
 * REJECTED (the ERP refused it, or its approver did).
 */
export const erpSubmission = pgEnum('erp_submission', ['NONE', 'PENDING', 'AWAITING_APPROVAL', 'SENT', 'REJECTED']);

/**
 * An online order or reservation (R-ORD-1), priced by the server when it was created. PROCESS → CONFIRMED or
 * CANCELED only with evidence: the ERP accepted the document, or a payment provider confirmed the money.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** OC/RE + id padded to 6; set in the same transaction as the insert. */
    purchaseOrderNumber: varchar('purchase_order_number', { length: 20 }),
    orderType: orderType('order_type').notNull(),
    orderState: orderState('order_state').notNull().default('PROCESS'),
    /** The person who placed the order. */
    userId: integer('user_id').notNull().references(() => users.id),
    /** The buying company the order is for (its rut): whose people see it (docs/company-people.md). */
    companyRut: varchar('company_rut', { length: 16 }).notNull().default(''),
    /** The ERP business partner (CardCode) the order is for. */
    cardCode: varchar('card_code', { length: 15 }).notNull(),
    /** The ERP contact person who placed it (ContactPersonCode); null when the person has none. */
    contactCode: integer('contact_code'),
    paymentMethod: paymentMethod('payment_method'),
    deliveryType: deliveryType('delivery_type').notNull().default('entrega'),
    /** ShipToCode (iddespacho) or STORE_PICKUP. */
    deliveryAddress: varchar('delivery_address', { length: 50 }).notNull().default(''),
    /** The dispatch address and commune as text, for U_DireccionDespacho / U_ComunaDespacho. */
    deliveryAddressText: varchar('delivery_address_text', { length: 300 }).notNull().default(''),
    deliveryCommune: varchar('delivery_commune', { length: 100 }).notNull().default(''),
    deliveryTransport: varchar('delivery_transport', { length: 50 }).notNull().default(''),
    /** PayToCode (idfactura). */
    invoiceAddress: varchar('invoice_address', { length: 50 }).notNull().default(''),
    loyaltyPct: numeric('loyalty_pct', { precision: 7, scale: 4, mode: 'number' }).notNull().default(0),
    net: integer('net').notNull(),
    offerDiscount: integer('offer_discount').notNull(),
    loyaltyDiscount: integer('loyalty_discount').notNull(),
    subtotal: integer('subtotal').notNull(),
    vat: integer('vat').notNull(),
    total: integer('total').notNull(),
    /** The provider's transaction id (or the order number for ERP-confirmed orders) once confirmed. */
    numOc: varchar('num_oc', { length: 100 }).notNull().default(''),
    erpStatus: erpSubmission('erp_status').notNull().default('NONE'),
    erpDocEntry: integer('erp_doc_entry'),
    erpDocNum: integer('erp_doc_num'),
    /** The ERP Draft (DocEntry in Drafts) while the order waits for the ERP's approval procedure. */
    erpDraftEntry: integer('erp_draft_entry'),
    erpError: text('erp_error'),
    /** Private file-store key of the cheque photo (cheque payments). */
    chequeFileKey: varchar('cheque_file_key', { length: 300 }),
    /** The buyer's own purchase-order reference (docs/ordering.md); '' when none was given. */
    buyerReference: varchar('buyer_reference', { length: 60 }).notNull().default(''),
    /** The delivery date the buyer asked for ('YYYY-MM-DD'), a working day; null when none. */
    requestedDeliveryDate: date('requested_delivery_date', { mode: 'string' }),
    /** Who of the buying company approved or rejected the order (AWAITING_COMPANY_APPROVAL), and when. */
    companyDecisionBy: integer('company_decision_by').references(() => users.id),
    companyDecisionAt: timestamp('company_decision_at', { withTimezone: true }),
    /** The approver's reason for a rejection ('' otherwise). */
    companyDecisionNote: varchar('company_decision_note', { length: 300 }).notNull().default(''),
    /** An order with pre-order lines: 'JUNTO' (ships when the last line arrives) or 'PARCIAL'; null otherwise (docs/incoming.md). */
    incomingShipping: varchar('incoming_shipping', { length: 8 }).$type<IncomingShipping>(),
    /** The sales rep (VENDEDOR) who wrote the order while representing the company; null when the company's own person did. */
    repUserId: integer('rep_user_id').references(() => users.id),
    /** The rep's name as it was when the order was written ('' when no rep). */
    repName: varchar('rep_name', { length: 200 }).notNull().default(''),
    /** The rep's ERP sales employee, put on the ERP order as SalesPersonCode; null when no rep. */
    salesPersonCode: integer('sales_person_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(() => sql`now()`),
  },
  (t) => [uniqueIndex('orders_number_idx').on(t.purchaseOrderNumber), index('orders_user_idx').on(t.userId), index('orders_rep_idx').on(t.repUserId, t.id), index('orders_company_idx').on(t.companyRut, t.id), index('orders_created_idx').on(t.createdAt)],
);

export type OrderRow = typeof orders.$inferSelect;

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    sku: varchar('sku', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull().default(''),
    size: varchar('size', { length: 20 }).notNull().default(''),
    quantity: integer('quantity').notNull(),
    /** Unit list price (unitPriceOnOrder). */
    price: integer('price').notNull(),
    offerPct: numeric('offer_pct', { precision: 7, scale: 4, mode: 'number' }).notNull().default(0),
    loyaltyPct: numeric('loyalty_pct', { precision: 7, scale: 4, mode: 'number' }).notNull().default(0),
    priceOffer: integer('price_offer').notNull(),
    priceFinalUnit: integer('price_final_unit').notNull(),
    priceFinal: integer('price_final').notNull(),
    /** ERP line discount percent. */
    descLinea: numeric('desc_linea', { precision: 9, scale: 4, mode: 'number' }).notNull().default(0),
    /** A pre-order line: the arrival date promised ('YYYY-MM-DD', the ERP line's ShipDate); null for stock on hand. */
    shipDate: date('ship_date', { mode: 'string' }),
    /**
     * A pre-order line whose purchase order moved in the ERP after the order: the date it can arrive now, or '' when
     * the incoming goods no longer cover it (docs/incoming.md); null while the promise holds.
     */
    shipDateMoved: varchar('ship_date_moved', { length: 10 }),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId), index('order_lines_preorder_idx').on(t.sku).where(sql`${t.shipDate} is not null`)],
);

export type OrderLineRow = typeof orderLines.$inferSelect;

export const outboxStatus = pgEnum('outbox_status', ['pending', 'done', 'failed']);

/**
 * Work for the ERP and the mailer, written in the same transaction as the state change it follows from and
 * delivered by the worker with retries and backoff. `dedupeKey` makes enqueueing idempotent.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 50 }).notNull(),
    payload: jsonb('payload').notNull(),
    dedupeKey: varchar('dedupe_key', { length: 200 }).notNull(),
    status: outboxStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker holds the job until then; a crashed worker's job is taken again after it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /**
     * Set just before a creating request leaves for the ERP (write-ahead), cleared when its answer is known. While set,
     * the outcome of that request is unknown: the job only looks the document up until the ERP has surely finished.
     */
    postedAt: timestamp('posted_at', { withTimezone: true }),
    /** Why a failed job failed: 'exhausted' (the ERP kept failing: re-driven when it is back) or 'rejected' (final). */
    failure: varchar('failure', { length: 20 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('outbox_dedupe_idx').on(t.dedupeKey), index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * What became of each try of an outbox job, and each re-queue of it (the admin order timeline and 'Trabajos ERP' read
 * them): written by the worker in the same statement or transaction as the try's outcome, and by the re-queues
 * (an admin's retry, the ERP re-driver, a buyer submitting again). `event`: 'done', 'retry' (failed, tried again
 * later), 'waiting' (told to look again later: an approval, a create settling), 'failed' (for good: `failure`), or
 * 'requeued'. `attempt` is the try's number (0 for a re-queue).
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    event: varchar('event', { length: 20 }).notNull(),
    failure: varchar('failure', { length: 20 }),
    /** The try's error or reason, or who re-queued the job and why. */
    message: text('message'),
    /** When the try started (null for a re-queue). */
    startedAt: timestamp('started_at', { withTimezone: true }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_events_job_idx').on(t.jobId, t.id)],
);

export type OutboxEventRow = typeof outboxEvents.$inferSelect;

export const notificationSection = pgEnum('notification_section', NOTIFICATION_SECTIONS);

/** Who receives the notification mail of a section (R-ADM-NOTIF-1): at most one per section, so at most one per NOTIFICATION_SECTIONS entry. */
export const notificationRecipients = pgTable(
  'notification_recipients',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    section: notificationSection('section').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(() => sql`now()`),
  },
  (t) => [uniqueIndex('notification_recipients_section_idx').on(t.section)],
);

export type NotificationRecipientRow = typeof notificationRecipients.$inferSelect;

/**
 * One line of what a payment pays (payments.invoices). A pending-invoices payment stores docEntry, folio and paidSum;
 * a netted payment of the cuenta corriente adds the document's kind (absent = an A/R invoice), its installment (absent =
 * the document as a whole) and its DTE type; a credit note's paidSum is negative (it lowers the payment).
 */
export interface PaidDocument {
  docEntry: number;
  folio: string;
  paidSum: number;
  kind?: AccountDocumentKind;
  installmentId?: number;
  dteType?: DteType;
}

export const paymentProvider = pgEnum('payment_provider', PAYMENT_PROVIDERS);
export const paymentPurpose = pgEnum('payment_purpose', ['ORDER', 'INVOICES']);
export const paymentState = pgEnum('payment_state', PAYMENT_STATES);

/**
 * A card or bank-transfer payment started by a buyer, for an order or for some pending invoices. The amount is the
 * server's. Its outcome (PAID, REJECTED, ABORTED, EXPIRED) is applied once: the update that sets `outcomeAppliedAt`
 * wins, whoever sees the result first (the return page, the notification or the reconciler).
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    provider: paymentProvider('provider').notNull(),
    purpose: paymentPurpose('purpose').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    userId: integer('user_id').notNull().references(() => users.id),
    cardCode: varchar('card_code', { length: 15 }).notNull(),
    amount: integer('amount').notNull(),
    state: paymentState('state').notNull().default('CREATED'),
    /** WebPay buy_order or Khipu transaction_id ('PP…'): unique per payment. */
    reference: varchar('reference', { length: 64 }).notNull(),
    /** WebPay session id ('OW' + 6 digits). */
    sessionId: varchar('session_id', { length: 61 }).notNull().default(''),
    /** WebPay token or Khipu payment_id, once the provider answered the create. */
    providerId: varchar('provider_id', { length: 100 }),
    paymentUrl: text('payment_url'),
    /** Documents paid: [{docEntry, folio, paidSum, kind?, installmentId?, dteType?}] (PaidDocument). */
    invoices: jsonb('invoices').$type<PaidDocument[]>().notNull().default([]),
    /** The provider's last answer (WebPay commit/status, Khipu payment). */
    result: jsonb('result'),
    outcomeAppliedAt: timestamp('outcome_applied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(() => sql`now()`),
  },
  (t) => [
    uniqueIndex('payments_reference_idx').on(t.reference),
    uniqueIndex('payments_provider_id_idx').on(t.provider, t.providerId),
    index('payments_open_idx').on(t.state, t.createdAt),
    index('payments_order_idx').on(t.orderId),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;

/**
 * A payment link a sales rep sends the customer for an unpaid card/transfer order (docs/sales-reps.md#payment-link):
 * the customer pays it without logging in. Only the SHA-256 of the link's token is kept. Single use: the first payment
 * started through it is the link's (`payment_id`); a new link for the same order voids the previous one (`voided_at`).
 * The link is for the order's total when it was made (`amount`): a different total refuses it.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 (hex) of the token in the link; the token itself is never stored. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** The order's total when the link was made. */
    amount: integer('amount').notNull(),
    /** The providers the customer may pay with (the order's payment method). */
    providers: jsonb('providers').$type<string[]>().notNull().default([]),
    /** The customer's name as the ERP had it when the link was made (the public page shows it without a login). */
    companyName: varchar('company_name', { length: 200 }).notNull().default(''),
    /** Where the link was sent. */
    sentTo: varchar('sent_to', { length: 300 }).notNull().default(''),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when another link for the same order replaced this one. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    /** The payment started through the link (the first one; later clicks reuse it while it is open). */
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_links_token_hash_idx').on(t.tokenHash), index('payment_links_order_idx').on(t.orderId), index('payment_links_payment_idx').on(t.paymentId)],
);

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

/**
 * Who changed what in the admin area, and when: one row per change, written in the change's own transaction.
 * The actor is kept by id and rut without a foreign key, so the trail outlives a deleted user. `changes` holds
 * the names of the changed fields (never a password or a file's content).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').notNull(),
    actorUsername: varchar('actor_username', { length: 16 }).notNull(),
    /** 'create', 'update' or 'delete'. */
    action: varchar('action', { length: 20 }).notNull(),
    /** 'user', 'product', 'banner', 'notification'… */
    entity: varchar('entity', { length: 40 }).notNull(),
    /** The record's id, or its sku for product content. */
    entityId: varchar('entity_id', { length: 60 }).notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_entity_idx').on(t.entity, t.entityId)],
);

export type AuditLogRow = typeof auditLog.$inferSelect;

export const idempotencyState = pgEnum('idempotency_state', ['running', 'done']);

/**
 * Creates that move money, make an ERP document or add to the cart take an `Idempotency-Key` header: the first answer
 * for a user and key is kept and replayed to every repeat (also while the first is still running); the same key with
 * another body is refused. `lockedUntil` frees a key whose first request died with its process.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** Which create ('orders', 'webpay', 'khipu', 'cart'): one key may be used once per scope. Text: a new scope needs no migration. */
    scope: varchar('scope', { length: 40 }).notNull(),
    key: varchar('key', { length: 200 }).notNull(),
    /** SHA-256 of the request (method, path, body) the key was first used with. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    state: idempotencyState('state').notNull().default('running'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('idempotency_keys_user_scope_key_idx').on(t.userId, t.scope, t.key), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Failed password checks in the current window, shared by every instance of the portal (security/loginLimits.ts):
 * one row per key — `addr:<address>`, `rut:<rut>` and `pair:<rut>@<address>` — counting from `windowStart`; a row
 * whose window has passed starts again at 1 and old rows are purged.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    key: varchar('key', { length: 200 }).primaryKey(),
    failures: integer('failures').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_window_start_idx').on(t.windowStart)],
);

/** Which store a file belongs to: 'public' files are served at /files/, 'private' ones (cheque photos) never are. */
export const fileScope = pgEnum('file_scope', ['public', 'private']);

/** PostgreSQL's bytea: node-postgres answers a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Uploaded files when they are kept in the database (storage/databaseBlobStore.repo.ts): one row per stored version of a
 * key, its bytes in `stored_file_chunks`. Replacing a key deletes its row (and chunks) and inserts a new one in one
 * transaction, so a new version always has a new id.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: serial('id').primaryKey(),
    scope: fileScope('scope').notNull(),
    /** `folder/name` (storage/fileStore.ts rules). */
    key: varchar('key', { length: 300 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** The quoted strong ETag: a digest of the bytes. */
    etag: varchar('etag', { length: 100 }).notNull(),
    /** Bytes per chunk (every chunk but the last is this long). */
    chunkSize: integer('chunk_size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('stored_files_scope_key_idx').on(t.scope, t.key)],
);

export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    /** 0, 1, 2…: the chunk's place in the file. */
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);

/**
 * A claim a company's finance person recorded on one of its invoices inside the 8-day window (docs/account.md): one
 * per company and document. The legal claim is the SII's; this is the wholesaler's notice of it, mailed to the
 * ACCOUNT_CLAIM recipient with its files.
 */
export const accountClaims = pgTable(
  'account_claims',
  {
    id: serial('id').primaryKey(),
    companyRut: varchar('company_rut', { length: 16 }).notNull(),
    cardCode: varchar('card_code', { length: 50 }).notNull(),
    /** The ERP set ('invoice', 'creditNote', 'downPayment') and the document's DocEntry. */
    kind: varchar('kind', { length: 20 }).notNull(),
    docEntry: integer('doc_entry').notNull(),
    dteType: smallint('dte_type').notNull(),
    folio: integer('folio'),
    reason: varchar('reason', { length: 20 }).notNull(),
    text: text('text').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdByName: varchar('created_by_name', { length: 200 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('account_claims_document_idx').on(t.cardCode, t.kind, t.docEntry)],
);

export type AccountClaimRow = typeof accountClaims.$inferSelect;

/** The photos and files of a claim, kept in the private file store under `fileKey`. */
export const accountClaimFiles = pgTable(
  'account_claim_files',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => accountClaims.id, { onDelete: 'cascade' }),
    fileKey: varchar('file_key', { length: 300 }).notNull(),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
  },
  (t) => [index('account_claim_files_claim_idx').on(t.claimId)],
);

export type AccountClaimFileRow = typeof accountClaimFiles.$inferSelect;

export const accountAlertKind = pgEnum('account_alert_kind', ['NEW_INVOICE', 'DUE_SOON', 'OVERDUE']);

/**
 * Each account alert sent, once per document and alert: inserted in the transaction that queues its mails, so two
 * runs (or two instances) never send it twice.
 */
export const accountAlertsSent = pgTable(
  'account_alerts_sent',
  {
    cardCode: varchar('card_code', { length: 50 }).notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    docEntry: integer('doc_entry').notNull(),
    alert: accountAlertKind('alert').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cardCode, t.kind, t.docEntry, t.alert] })],
);

/**
 * The ERP's sellable items as the cluster's one catalogue reader last read them (docs/scale-out.md, the catalogue
 * reader): one row per item, the record the catalogue is built from (null: no longer sold, kept so every instance
 * drops it), and the reader's version that last changed it, so an instance reads only the rows newer than its own.
 * PostgreSQL only: on PGlite the one process reads the ERP itself.
 */
export const erpItems = pgTable(
  'erp_items',
  {
    itemCode: varchar('item_code', { length: 50 }).primaryKey(),
    record: jsonb('record'),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [index('erp_items_version_idx').on(t.version)],
);

/**
 * The one row (id 1) of the catalogue reader: who holds the lease and until when (database time), its epoch (raised at
 * every take-over: the fence a reader that lost the lease writes against, and fails), and the state of the last read
 * every instance serves — the items' version, when it started (ms, the reader's clock), the last full read, the newest
 * ERP change stamp seen and how the read went.
 */
export const erpItemReader = pgTable('erp_item_reader', {
  id: integer('id').primaryKey(),
  holder: varchar('holder', { length: 100 }),
  epoch: bigint('epoch', { mode: 'number' }).notNull().default(0),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  readAt: bigint('read_at', { mode: 'number' }),
  fullAt: bigint('full_at', { mode: 'number' }),
  newest: varchar('newest', { length: 30 }).notNull().default(''),
  lastRead: jsonb('last_read'),
});

/**
 * ERP reads one instance made that the others may serve while fresh (docs/scale-out.md, shared reads): the stock of a
 * style, a customer's open documents. `read_at` is when the read started (database time); rows older than any
 * cache's life are removed now and then. PostgreSQL only.
 */
export const erpReads = pgTable(
  'erp_reads',
  {
    scope: varchar('scope', { length: 40 }).notNull(),
    key: varchar('key', { length: 200 }).notNull(),
    value: jsonb('value').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('erp_reads_read_at_idx').on(t.readAt)],
);

/** What a stock alert is doing (docs/stock-alerts.md). */
export const STOCK_ALERT_STATES = ['WAITING', 'NOTIFIED', 'REMOVED', 'EXPIRED'] as const;
export const stockAlertState = pgEnum('stock_alert_state', STOCK_ALERT_STATES);

/**
 * 'Avísame cuando llegue' (docs/stock-alerts.md): a person asks to be mailed when a size at 0 has stock again, for the
 * company they act for (a rep's alert is for the customer represented). One watching alert (waiting or notified) per
 * person, company and size: a notified one waits again when its size sells out; it expires 90 days after it was made.
 * The unsubscribe link's token is made with the alert (an HMAC of its id under the server's key); only its SHA-256 is
 * kept.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    companyRut: varchar('company_rut', { length: 16 }).notNull(),
    /** The size's ItemCode and its style (the admin's product list counts by style). */
    sku: varchar('sku', { length: 50 }).notNull(),
    style: varchar('style', { length: 50 }).notNull(),
    state: stockAlertState('state').notNull().default('WAITING'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    tokenHash: varchar('token_hash', { length: 64 }),
  },
  (t) => [
    // one alert watching a size per person and company: a notified alert keeps watching (it waits again when the size sells out)
    uniqueIndex('stock_alerts_watching_idx').on(t.userId, t.companyRut, t.sku).where(sql`${t.state} in ('WAITING', 'NOTIFIED')`),
    uniqueIndex('stock_alerts_token_idx').on(t.tokenHash),
    index('stock_alerts_state_style_idx').on(t.state, t.style),
  ],
);

export type StockAlertRow = typeof stockAlerts.$inferSelect;

/** The day's stock-alert mail of each person: inserted with the mail, so two passes (or instances) never send two a day. */
export const stockAlertMails = pgTable(
  'stock_alert_mails',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The Chilean calendar day (YYYY-MM-DD). */
    day: varchar('day', { length: 10 }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
