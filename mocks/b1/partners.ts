// Business partners: one cCustomer per buyer of DEMO_ACCOUNTS (CardCode and data from its `erp`).
// Blocking UDFs (U_Morosidad, U_Interes, U_Protesto, U_Prorroga) are 'Sin Bloqueo' unless the
// account's blockedBy names one; U_Prorroga is null for C76234567 (an undefined prórroga, not blocking).
// Balances (CurrentAccountBalance, OpenOrdersBalance) are filled in by the document history.
// Contact persons (ContactEmployees) are the demo people of mocks/demo/people.ts, with their InternalCodes.
// SalesPersons are B1's -1 row and the demo sales reps of mocks/demo/salesReps.ts; SalesPersonCode assigns each
// partner to its rep (-1 for the one with none).
// APPROVAL_CARDCODE is the buyer whose sales orders the stand-in's approval procedure holds as Drafts.
import { DEMO_ACCOUNTS, LOYALTY_DISCOUNT, type BlockFlag } from '../demo/accounts';
import { demoPeopleOf, type DemoPerson } from '../demo/people';
import { DEMO_SALES_REPS, NO_SALES_EMPLOYEE_CODE, NO_SALES_EMPLOYEE_NAME, salesPersonCodeOf } from '../demo/salesReps';
import { PAYMENT_TERMS } from './reference';
import type { AddressType, B1BusinessPartner, B1SalesPerson, BPAddress, ContactEmployee } from './types';

export const NOT_BLOCKED = 'Sin Bloqueo';

export const BLOCK_REASONS: Record<BlockFlag, string> = {
  morosidad: 'Bloqueado por morosidad',
  interes: 'Bloqueado por interés',
  protesto: 'Bloqueado por protesto',
  prorroga: 'Bloqueado por prórroga',
};

/** The buyer whose U_Prorroga is null. */
export const PRORROGA_UNDEFINED_CARDCODE = 'C76234567';

/** The buyer whose sales orders need approval in the ERP (the default of the stand-in's approvalCardCodes). */
export const APPROVAL_CARDCODE = 'C76345678';

/** [AddressName, Street, comuna, province, region code] */
type Addr = [string, string, string, string, string];

const ADDRESSES: Record<string, { phone: string; bill: Addr[]; ship: Addr[] }> = {
  C76123456: {
    phone: '222345678',
    bill: [['CASA MATRIZ', 'Av. Providencia 1234, Of. 501', 'Providencia', 'Santiago', 'RM']],
    ship: [
      ['BODEGA QUILICURA', 'Av. Américo Vespucio 1501, Bodega 12', 'Quilicura', 'Santiago', 'RM'],
      ['TIENDA LOS ANDES', 'Av. Santa Teresa 350', 'Los Andes', 'Los Andes', 'V'],
    ],
  },
  C76234567: {
    phone: '322214455',
    bill: [
      ['CASA MATRIZ', 'Av. Brasil 2350', 'Valparaíso', 'Valparaíso', 'V'],
      ['SUCURSAL VIÑA', '1 Norte 875', 'Viña del Mar', 'Valparaíso', 'V'],
    ],
    ship: [['BODEGA PLACILLA', 'Camino La Pólvora 400', 'Valparaíso', 'Valparaíso', 'V']],
  },
  C77345678: {
    phone: '612248830',
    bill: [['CASA MATRIZ', 'Bories 932', 'Punta Arenas', 'Magallanes', 'XII']],
    ship: [['TIENDA CENTRO', 'Bories 932', 'Punta Arenas', 'Magallanes', 'XII']],
  },
  C78456789: {
    phone: '552269012',
    bill: [['CASA MATRIZ', 'Av. Grecia 1460', 'Antofagasta', 'Antofagasta', 'II']],
    ship: [
      ['BODEGA ANTOFAGASTA', 'Av. Pedro Aguirre Cerda 10200', 'Antofagasta', 'Antofagasta', 'II'],
      ['BODEGA CALAMA', 'Av. Granaderos 3150', 'Calama', 'El Loa', 'II'],
      ['SUCURSAL IQUIQUE', 'Zona Franca Manzana 5, Galpón 8', 'Iquique', 'Iquique', 'I'],
    ],
  },
  C76789012: {
    phone: '226981122',
    bill: [['CASA MATRIZ', 'San Diego 1050', 'Santiago', 'Santiago', 'RM']],
    ship: [['LOCAL SAN DIEGO', 'San Diego 1050', 'Santiago', 'Santiago', 'RM']],
  },
  C77890123: {
    phone: '512214567',
    bill: [['CASA MATRIZ', 'Cordovez 580', 'La Serena', 'Elqui', 'IV']],
    ship: [['TIENDA MALL', 'Av. Alberto Solari 1400, Local 210', 'La Serena', 'Elqui', 'IV']],
  },
  C78901234: {
    phone: '632213344',
    bill: [['CASA MATRIZ', 'Picarte 460', 'Valdivia', 'Valdivia', 'XIV']],
    ship: [
      ['TIENDA PICARTE', 'Picarte 460', 'Valdivia', 'Valdivia', 'XIV'],
      ['TIENDA OSORNO', 'Ramírez 959', 'Osorno', 'Osorno', 'X'],
    ],
  },
  C79012345: {
    phone: '224407000',
    bill: [
      ['CASA MATRIZ', 'Av. Pedro de Valdivia 555', 'Providencia', 'Santiago', 'RM'],
      ['FACTURACION SUR', "O'Higgins 940", 'Concepción', 'Concepción', 'VIII'],
    ],
    ship: [
      ['CD LO AGUIRRE', 'Ruta 68 km 17', 'Pudahuel', 'Santiago', 'RM'],
      ['CD CONCEPCION', 'Av. General Bonilla 2450', 'Concepción', 'Concepción', 'VIII'],
      ['TIENDA TEMUCO', 'Av. Alemania 0671', 'Temuco', 'Cautín', 'IX'],
    ],
  },
  C79567890: {
    phone: '722235566',
    bill: [['CASA MATRIZ', "Av. Libertador Bernardo O'Higgins 210", 'Rancagua', 'Cachapoal', 'VI']],
    ship: [['TIENDA RANCAGUA', "Av. Libertador Bernardo O'Higgins 210", 'Rancagua', 'Cachapoal', 'VI']],
  },
  C76345678: {
    phone: '332345120',
    bill: [['CASA MATRIZ', 'Av. Libertad 1405, Of. 302', 'Viña del Mar', 'Valparaíso', 'V']],
    ship: [
      ['BODEGA SAN FELIPE', 'Av. Yungay 320', 'San Felipe', 'San Felipe de Aconcagua', 'V'],
      ['TIENDA QUILLOTA', 'Blanco 255', 'Quillota', 'Quillota', 'V'],
    ],
  },
  C76678901: {
    phone: '712231100',
    bill: [['CASA MATRIZ', '1 Sur 1150', 'Talca', 'Talca', 'VII']],
    ship: [
      ['TALLER TALCA', '11 Oriente 2250', 'Talca', 'Talca', 'VII'],
      ['BODEGA CHILLAN', 'Av. Collín 1020', 'Chillán', 'Diguillín', 'XVI'],
    ],
  },
};

const FALLBACK = { phone: '229999999', bill: [['CASA MATRIZ', 'Av. Providencia 1234', 'Providencia', 'Santiago', 'RM']] as Addr[], ship: [] as Addr[] };

function address(cardCode: string, type: AddressType, [name, street, city, county, state]: Addr, row: number): BPAddress {
  return {
    AddressName: name, AddressType: type, Street: street, Block: null, City: city, County: county, State: state,
    Country: 'CL', ZipCode: null, BPCode: cardCode, RowNum: row,
  };
}

/** A demo person as B1 keeps the contact: the personal rut compact in U_RutPersona, the phone as MobilePhone. */
function contact(person: DemoPerson): ContactEmployee {
  return {
    InternalCode: person.internalCode, CardCode: person.cardCode, Name: person.name, FirstName: person.firstName, MiddleName: null,
    LastName: person.lastName, Position: person.position, E_Mail: person.email, MobilePhone: person.phone, Phone1: null, Active: 'tYES',
    U_RutPersona: person.rut.replace(/\./g, ''),
  };
}

export function buildPartners(): B1BusinessPartner[] {
  const partners: B1BusinessPartner[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const erp = account.erp;
    if (!erp) continue;
    const book = ADDRESSES[erp.cardCode] ?? FALLBACK;
    const ship = book.ship.length ? book.ship : book.bill;
    const addresses = [
      ...book.bill.map((a) => ['bo_BillTo', a] as const),
      ...ship.map((a) => ['bo_ShipTo', a] as const),
    ].map(([type, a], i) => address(erp.cardCode, type, a, i));
    const flag = (f: BlockFlag): string => (erp.blockedBy === f ? BLOCK_REASONS[f] : NOT_BLOCKED);
    partners.push({
      CardCode: erp.cardCode,
      CardName: erp.name,
      CardType: 'cCustomer',
      GroupCode: 100,
      FederalTaxID: account.rut.replace(/\./g, ''),
      Phone1: book.phone,
      Phone2: null,
      Cellular: account.cellphone,
      EmailAddress: account.email,
      Currency: 'CLP',
      PayTermsGrpCode: PAYMENT_TERMS.find((t) => t.PaymentTermsGroupName === erp.paymentTerms)!.GroupNumber,
      CreditLimit: erp.creditLimit,
      MaxCommitment: erp.creditLimit,
      CurrentAccountBalance: 0,
      OpenOrdersBalance: 0,
      PriceListNum: 1,
      Frozen: 'tNO',
      Valid: 'tYES',
      BilltoDefault: book.bill[0][0],
      ShipToDefault: ship[0][0],
      City: addresses[0]?.City ?? null,
      BPAddresses: addresses,
      ContactEmployees: demoPeopleOf(erp.cardCode).map(contact),
      U_Giro: erp.giro,
      U_NivelFidelizacion: erp.loyalty,
      U_DescFidelizacion: LOYALTY_DISCOUNT[erp.loyalty],
      U_Morosidad: flag('morosidad'),
      U_Interes: flag('interes'),
      U_Protesto: flag('protesto'),
      U_Prorroga: erp.cardCode === PRORROGA_UNDEFINED_CARDCODE ? null : flag('prorroga'),
      SalesPersonCode: salesPersonCodeOf(erp.cardCode),
    });
  }
  return partners.sort((a, b) => a.CardCode.localeCompare(b.CardCode));
}

/** B1's sales employees: the -1 row every company database has, then the demo reps. */
export function buildSalesPersons(): B1SalesPerson[] {
  const none: B1SalesPerson = {
    SalesEmployeeCode: NO_SALES_EMPLOYEE_CODE, SalesEmployeeName: NO_SALES_EMPLOYEE_NAME, Active: 'tYES', Locked: 'tNO',
    Email: null, Mobile: null, Telephone: null, EmployeeID: null,
  };
  return [none, ...DEMO_SALES_REPS.map((r): B1SalesPerson => ({
    SalesEmployeeCode: r.code, SalesEmployeeName: r.name, Active: r.active ? 'tYES' : 'tNO', Locked: 'tNO',
    Email: r.email, Mobile: r.mobile, Telephone: null, EmployeeID: null,
  }))];
}
