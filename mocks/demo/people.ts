// The people of the demo companies: the contact persons (ContactEmployees) the B1 stand-in holds for each demo
// buyer, with the role each is meant to have inside its company on the portal. The stand-in builds its business
// partners' contact persons from this list and the portal's seed creates their users (and prints their logins) from
// the same list, so every demo person has both sides. Only the embedded-default switch and the stand-in read it.
import { DEMO_ACCOUNTS, DEMO_BUYER_PASSWORD } from './accounts';

/** A person's role inside the buying company. */
export type CompanyRole = 'Administrador' | 'Comprador' | 'Aprobador' | 'Finanzas';

export interface DemoPerson {
  /** The business partner (company) the person belongs to. */
  cardCode: string;
  /** The company's rut (formatted), the login of its own account. */
  companyRut: string;
  /** B1's key of the contact person (InternalCode): one counter for the whole company database, from 1. */
  internalCode: number;
  /** The contact's Name in B1 (unique per business partner): first name and surnames. */
  name: string;
  firstName: string;
  /** Both surnames, as Chileans write them. */
  lastName: string;
  /** The personal rut, formatted ('15.678.901-1'): the person's portal login. Kept in B1 as U_RutPersona, compact. */
  rut: string;
  /** At the company's domain. */
  email: string;
  /** Mobile phone, 9 digits. */
  phone: string;
  position: string;
  role: CompanyRole;
  /**
   * A Comprador's monthly limit in CLP (orders above it, or that take the month above it, wait for the company's
   * approval); null: no limit (every role but Comprador).
   */
  monthlyLimit: number | null;
  /** The password of the demo login (every demo person shares the demo buyers' one). */
  password: string;
}

/** The company with one person of each role (the Gold credit customer 76.123.456-0). */
export const PEOPLE_SHOWCASE_CARDCODE = 'C76123456';

/** A low monthly limit for the showcase Comprador: a few garments fit, a bigger order waits for approval. */
export const SHOWCASE_BUYER_LIMIT = 300_000;

/** [first name, surnames, personal rut, position, role, monthly limit] of each company's people, in InternalCode order. */
type Row = [string, string, string, string, CompanyRole, number | null];

const PEOPLE: Record<string, Row[]> = {
  C76123456: [
    ['Rodrigo', 'Fuentes Alarcón', '13.456.789-9', 'Gerente general', 'Administrador', null],
    ['Camila', 'Rojas Pizarro', '18.901.234-9', 'Asistente de compras', 'Comprador', SHOWCASE_BUYER_LIMIT],
    ['Patricia', 'Muñoz Herrera', '12.456.789-0', 'Jefa de compras', 'Aprobador', null],
    ['Felipe', 'Contreras Díaz', '16.789.012-1', 'Contador', 'Finanzas', null],
  ],
  C76234567: [
    ['Andrés', 'Vergara Soto', '10.234.567-3', 'Socio gerente', 'Administrador', null],
    ['Javiera', 'Morales Castro', '17.890.123-0', 'Encargada de compras', 'Comprador', 2_000_000],
    ['Luis', 'Araya Tapia', '14.567.890-0', 'Jefe de administración y finanzas', 'Finanzas', null],
  ],
  C77345678: [
    ['Francisca', 'Oyarzún Vidal', '15.678.901-1', 'Dueña', 'Administrador', null],
    ['Tomás', 'Bahamonde Ruiz', '19.012.345-6', 'Vendedor y comprador', 'Comprador', 800_000],
  ],
  C78456789: [
    ['Héctor', 'Carvajal Rivera', '11.345.678-7', 'Gerente comercial', 'Administrador', null],
    ['Valentina', 'Cortés Olivares', '16.890.123-2', 'Analista contable', 'Finanzas', null],
  ],
  C76789012: [
    ['Marcela', 'Sepúlveda Núñez', '13.567.890-2', 'Gerenta', 'Administrador', null],
    ['Diego', 'Espinoza Lagos', '18.012.345-8', 'Comprador', 'Comprador', 1_000_000],
  ],
  C77890123: [
    ['Gonzalo', 'Pérez Cortés', '14.678.901-3', 'Dueño', 'Administrador', null],
    ['Daniela', 'Álvarez Marín', '19.123.456-1', 'Encargada de tienda', 'Comprador', 500_000],
  ],
  C78901234: [
    ['Claudia', 'Schmidt Barrientos', '15.789.012-3', 'Gerenta general', 'Administrador', null],
    ['Matías', 'Navarro Jara', '17.901.234-0', 'Encargado de finanzas', 'Finanzas', null],
  ],
  C79012345: [
    ['Ricardo', 'Lagos Valenzuela', '10.345.678-9', 'Gerente de abastecimiento', 'Administrador', null],
    ['Fernanda', 'Reyes Gutiérrez', '12.567.890-4', 'Compradora de vestuario', 'Comprador', 10_000_000],
    ['Sebastián', 'Torres Molina', '13.678.901-5', 'Subgerente de tesorería', 'Finanzas', null],
  ],
  C79567890: [
    ['Carmen', 'Vásquez Ortiz', '11.456.789-2', 'Dueña', 'Administrador', null],
    ['Ignacio', 'Fuentes Sanhueza', '16.901.234-2', 'Comprador', 'Comprador', 1_000_000],
  ],
  C76678901: [
    ['Jorge', 'González Bravo', '14.789.012-5', 'Gerente general', 'Administrador', null],
    ['Paula', 'Soto Cáceres', '15.890.123-4', 'Jefa de producción y compras', 'Comprador', 1_500_000],
  ],
  C76345678: [
    ['Verónica', 'Silva Riquelme', '12.345.678-5', 'Gerenta general', 'Administrador', null],
    ['Cristóbal', 'Méndez Figueroa', '17.234.567-0', 'Comprador de importaciones', 'Comprador', 3_000_000],
    ['Alejandra', 'Castillo Peña', '10.987.654-2', 'Jefa de compras', 'Aprobador', null],
  ],
};

/** 'José Álvarez Peña' → 'jose.alvarez' (the first surname; no accents). */
function mailbox(firstName: string, lastName: string): string {
  const plain = (s: string) => s.toLowerCase().normalize('NFD').replace(/[^a-z]+/g, '');
  return `${plain(firstName)}.${plain(lastName.split(' ')[0]!)}`;
}

/** The mobile phone of the n-th demo person (deterministic, 9 digits starting with 9). */
const mobile = (n: number): string => `9${String(71_234_560 + n * 1_013).padStart(8, '0')}`;

function buildPeople(): DemoPerson[] {
  const people: DemoPerson[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const rows = account.erp ? PEOPLE[account.erp.cardCode] : undefined;
    if (!account.erp || !rows) continue;
    const domain = account.email.split('@')[1]!;
    for (const [firstName, lastName, rut, position, role, monthlyLimit] of rows) {
      const internalCode = people.length + 1;
      people.push({
        cardCode: account.erp.cardCode, companyRut: account.rut, internalCode, name: `${firstName} ${lastName}`, firstName, lastName,
        rut, email: `${mailbox(firstName, lastName)}@${domain}`, phone: mobile(internalCode), position, role, monthlyLimit,
        password: DEMO_BUYER_PASSWORD,
      });
    }
  }
  return people;
}

/** Every demo person, by company in the order of DEMO_ACCOUNTS, InternalCode 1, 2, 3… */
export const DEMO_PEOPLE: readonly DemoPerson[] = Object.freeze(buildPeople());

/** The demo people of one company. */
export function demoPeopleOf(cardCode: string): DemoPerson[] {
  return DEMO_PEOPLE.filter((p) => p.cardCode === cardCode);
}
