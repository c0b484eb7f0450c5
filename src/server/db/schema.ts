import { sql } from 'drizzle-orm';
import { boolean, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

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
