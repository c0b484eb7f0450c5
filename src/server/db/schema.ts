import { sql } from 'drizzle-orm';
import { boolean, integer, pgEnum, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const userType = pgEnum('user_type', ['USER', 'ADMIN', 'SUPERADMIN']);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** The company rut, formatted with dots, dash and upper-case check digit ('76.123.456-0'). */
    username: varchar('username', { length: 16 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    email: varchar('email', { length: 254 }).notNull().default(''),
    address: varchar('address', { length: 300 }).notNull().default(''),
    cellphone: varchar('cellphone', { length: 20 }).notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    userType: userType('user_type').notNull().default('USER'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Raised on a password change or deactivation: tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(() => sql`now()`),
  },
  (t) => [uniqueIndex('users_username_idx').on(t.username)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/**
 * What the portal adds to an ERP style (admin document: product record): images, technical sheet,
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
 * The home carousel's banner set (admin document: banner): three images. At most one set exists; the admin
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
