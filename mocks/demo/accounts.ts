// The demo accounts of the embedded default. The portal seeds its users from this list and the
// B1 stand-in builds its business partners for the same ruts, so each demo login has an ERP side.
// Only the embedded-default switch (src/server/embedded.ts) reads this file.

export type DemoRole = 'USER' | 'ADMIN' | 'SUPERADMIN';
export type LoyaltyLevel = 'Bronce' | 'Silver' | 'Gold' | 'Premium' | 'Elite';
export type BlockFlag = 'morosidad' | 'interes' | 'protesto' | 'prorroga';

export interface DemoAccount {
  /** Formatted rut, also the portal username. */
  rut: string;
  password: string;
  role: DemoRole;
  enabled: boolean;
  mustChangePassword: boolean;
  email: string;
  address: string;
  cellphone: string;
  /** What the account shows in a demo; printed at start-up. */
  note: string;
  /** ERP side of a buyer (absent for admins). */
  erp?: {
    cardCode: string;
    name: string;
    giro: string;
    paymentTerms: 'Contado' | 'Cheque' | '30 días' | '60 días';
    creditLimit: number;
    loyalty: LoyaltyLevel;
    blockedBy?: BlockFlag;
  };
}

export const DEMO_BUYER_PASSWORD = 'Demo1234';
export const DEMO_ADMIN_PASSWORD = 'Admin1234';

/** Loyalty discount percent of each level, as the ERP gives it. */
export const LOYALTY_DISCOUNT: Record<LoyaltyLevel, number> = { Bronce: 2, Silver: 4, Gold: 6, Premium: 8, Elite: 10 };

const buyer = (
  rut: string,
  note: string,
  erp: NonNullable<DemoAccount['erp']>,
  extra: Partial<Pick<DemoAccount, 'enabled' | 'mustChangePassword'>> = {},
): DemoAccount => ({
  rut,
  password: DEMO_BUYER_PASSWORD,
  role: 'USER',
  enabled: extra.enabled ?? true,
  mustChangePassword: extra.mustChangePassword ?? false,
  email: `compras@${erp.name.toLowerCase().normalize('NFD').replace(/[^a-z]+/g, '').slice(0, 18)}.cl`,
  address: 'Av. Providencia 1234, Providencia',
  cellphone: '91234567',
  note,
  erp,
});

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    rut: '11.111.111-1', password: DEMO_ADMIN_PASSWORD, role: 'SUPERADMIN', enabled: true, mustChangePassword: false,
    email: 'superadmin@portal.cl', address: 'Casa matriz', cellphone: '90000001', note: 'superadministrador',
  },
  {
    rut: '22.222.222-2', password: DEMO_ADMIN_PASSWORD, role: 'ADMIN', enabled: true, mustChangePassword: false,
    email: 'admin@portal.cl', address: 'Casa matriz', cellphone: '90000002', note: 'administrador',
  },
  buyer('76.123.456-0', 'comprador activo, crédito 30 días, Gold', {
    cardCode: 'C76123456', name: 'Comercial Los Andes SpA', giro: 'Venta al por mayor de vestuario',
    paymentTerms: '30 días', creditLimit: 15_000_000, loyalty: 'Gold',
  }),
  buyer('76.234.567-6', 'comprador con condición de pago Cheque, Silver', {
    cardCode: 'C76234567', name: 'Textiles Pacífico Ltda.', giro: 'Comercialización de prendas de vestir',
    paymentTerms: 'Cheque', creditLimit: 5_000_000, loyalty: 'Silver',
  }),
  buyer('77.345.678-K', 'comprador sin línea de crédito (límite 0), Bronce', {
    cardCode: 'C77345678', name: 'Boutique Austral SpA', giro: 'Venta al por menor de prendas de vestir',
    paymentTerms: 'Contado', creditLimit: 0, loyalty: 'Bronce',
  }),
  buyer('78.456.789-3', 'comprador bloqueado por morosidad, Premium', {
    cardCode: 'C78456789', name: 'Distribuidora Norte Grande Ltda.', giro: 'Distribución de vestuario y calzado',
    paymentTerms: '30 días', creditLimit: 8_000_000, loyalty: 'Premium', blockedBy: 'morosidad',
  }),
  buyer('76.789.012-5', 'comprador bloqueado por interés, Silver', {
    cardCode: 'C76789012', name: 'Vestuario Central Ltda.', giro: 'Venta al por mayor de ropa',
    paymentTerms: '30 días', creditLimit: 3_000_000, loyalty: 'Silver', blockedBy: 'interes',
  }),
  buyer('77.890.123-4', 'comprador bloqueado por protesto, Bronce', {
    cardCode: 'C77890123', name: 'Tienda La Serena SpA', giro: 'Venta de ropa deportiva',
    paymentTerms: 'Contado', creditLimit: 1_000_000, loyalty: 'Bronce', blockedBy: 'protesto',
  }),
  buyer('78.901.234-2', 'comprador bloqueado por prórroga, Gold', {
    cardCode: 'C78901234', name: 'Moda Valdivia Ltda.', giro: 'Comercio de vestuario',
    paymentTerms: '60 días', creditLimit: 6_000_000, loyalty: 'Gold', blockedBy: 'prorroga',
  }),
  buyer('79.012.345-K', 'comprador activo, crédito 60 días, Elite', {
    cardCode: 'C79012345', name: 'Grandes Tiendas del Sur S.A.', giro: 'Tiendas por departamento',
    paymentTerms: '60 días', creditLimit: 50_000_000, loyalty: 'Elite',
  }),
  buyer('79.567.890-5', 'usuario inactivo', {
    cardCode: 'C79567890', name: 'Moda Sur EIRL', giro: 'Venta de vestuario femenino',
    paymentTerms: 'Contado', creditLimit: 2_000_000, loyalty: 'Premium',
  }, { enabled: false }),
  buyer('76.678.901-3', 'debe cambiar la contraseña al ingresar', {
    cardCode: 'C76678901', name: 'Confecciones Maule SpA', giro: 'Confección y venta de ropa de trabajo',
    paymentTerms: '30 días', creditLimit: 4_000_000, loyalty: 'Gold',
  }, { mustChangePassword: true }),
  buyer('76.345.678-1', 'comprador cuyos pedidos requieren aprobación en el ERP, crédito 30 días, Silver', {
    cardCode: 'C76345678', name: 'Importadora Aconcagua SpA', giro: 'Importación y venta al por mayor de vestuario',
    paymentTerms: '30 días', creditLimit: 7_000_000, loyalty: 'Silver',
  }),
];
