import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router-dom';
import { mayDo, sessionMay, type Capability, type CompanyRole } from '@shared/companyRoles';
import { MSG } from '@shared/messages';
import { BUYER_ORDERS_TEXT } from '@shared/orderTracking';
import { INCOMING_TEXTS } from '@shared/incoming';
import { ACCOUNT_PATH, ADMIN_LINESHEET_PATH, COMPANY_PEOPLE_PATH, LINESHEET_PATH, REP_CUSTOMERS_PATH, REP_LINESHEET_PATH, REP_ORDERS_PATH, SAVED_LISTS_PATH, SEASON_PATH } from '../app/routePaths';
import { DRAWER_WIDTH, insetRing } from '../app/theme';

// The menu is a plain list of links (a list holds list items only; NavLink marks the current page aria-current),
// styled here once: MUI's List, ListItemButton and ListItemText drew the same, at a cost every page paid (/login too).
const menuSx = {
  width: DRAWER_WIDTH,
  '& ul': { listStyle: 'none', m: 0, px: 0, py: 1 },
  '& a': {
    display: 'flex',
    alignItems: 'center',
    minHeight: 48,
    px: 2,
    py: 1,
    typography: 'body1',
    color: 'text.primary',
    textDecoration: 'none',
    '&:hover': { bgcolor: 'action.hover' },
    '&.active': { bgcolor: 'action.selected', fontWeight: 600 },
    '&:focus-visible': insetRing,
  },
} as const;

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** A count on an entry (failed ERP jobs): a plain span like the links, no Badge component on every page. */
const countSx = {
  ml: 'auto',
  minWidth: 22,
  height: 22,
  px: 0.75,
  borderRadius: 11,
  bgcolor: 'error.main',
  color: 'error.contrastText',
  typography: 'caption',
  fontWeight: 600,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
} as const;

// Phones get the sidebar as a temporary drawer (MUI's Drawer, with Modal and the slide transition): it loads only
// there. Wider screens show it docked beside the page, drawn without the Drawer component.
const NavDrawer = lazy(() => import('./NavDrawer'));

/** The entries of the operations screens (R-ADM-ORD-1, R-ADM-JOB-1, R-ADM-AUD-1, R-MYORD-1). */
export const OPERATIONS_NAV_TEXT = {
  adminOrders: 'Pedidos',
  adminJobs: 'Trabajos ERP',
  adminAudit: 'Auditoría',
  buyerOrders: BUYER_ORDERS_TEXT.title,
  /** Read after an entry's count ('Trabajos ERP 3 fallidos'): the count's word, not shown. */
  countWord: ' fallidos',
} as const;

/** The entries of the company's screens (docs/company-people.md). */
export const COMPANY_NAV_TEXT = {
  people: 'Mi empresa: Personas',
  approvals: 'Mi empresa: Por aprobar',
} as const;

/** The entry of the buyer's saved lists (docs/saved-lists.md): whoever may buy. */
export const SAVED_LISTS_NAV_TEXT = { lists: 'Listas guardadas' } as const;

/** The entry of the company's current account (docs/account.md): Administrador and Finanzas. */
export const ACCOUNT_NAV_TEXT = { account: 'Cuenta corriente' } as const;

/** The line sheet's entry (docs/linesheet.md). */
export const LINESHEET_NAV_TEXT = 'Lista de precios';
/** Sending a customer their line sheet by mail: an admin, a rep. */
export const LINESHEET_SEND_NAV_TEXT = 'Enviar lista de precios';

/** The entries of the sales reps' screens (docs/sales-reps.md). */
export const REP_NAV_TEXT = {
  customers: 'Mis clientes',
  orders: 'Mis pedidos del vendedor',
} as const;

/** The menu's name: its navigation landmark and, on phones, its drawer. */
export const NAV_LABEL = MSG.mainMenu;

export interface NavAudience {
  loggedIn: boolean;
  isAdmin: boolean;
  isUser: boolean;
  /** A buyer's role inside the company (docs/company-people.md): the entries follow what it allows. */
  companyRole?: CompanyRole | null;
  /**
   * A sales rep (docs/sales-reps.md): their own entries, and while representing a customer (then `isUser`) the
   * buyer's entries a rep may use.
   */
  isRep?: boolean;
}

export interface NavItem {
  label: string;
  to: string;
}

/** Sidebar entries per role (R-NAV-5). */
export function navItems({ loggedIn, isAdmin, isUser, companyRole = null, isRep = false }: NavAudience): NavItem[] {
  if (!loggedIn) return [{ label: MSG.navCustomerRequest, to: '/user/user-creation-req' }];
  const items: NavItem[] = [];
  if (isRep) items.push({ label: REP_NAV_TEXT.customers, to: REP_CUSTOMERS_PATH }, { label: REP_NAV_TEXT.orders, to: REP_ORDERS_PATH }, { label: LINESHEET_SEND_NAV_TEXT, to: REP_LINESHEET_PATH });
  // a rep acting for no customer has no company's screens to open
  // 'Próxima temporada' beside the catalogue: the styles whose stock is only on its way (docs/incoming.md)
  if (!isRep || isUser) items.push({ label: MSG.navHome, to: '/' }, { label: MSG.navCatalog, to: '/user/catalog' }, { label: INCOMING_TEXTS.season, to: SEASON_PATH });
  if (isAdmin) {
    items.push(
      { label: MSG.navAdminProducts, to: '/admin/product' },
      { label: MSG.navAdminUsers, to: '/admin/user' },
      { label: MSG.navAdminNotifications, to: '/admin/email' },
      { label: MSG.navAdminBanner, to: '/admin/banner' },
      { label: LINESHEET_SEND_NAV_TEXT, to: ADMIN_LINESHEET_PATH },
      { label: OPERATIONS_NAV_TEXT.adminOrders, to: '/admin/orders' },
      { label: OPERATIONS_NAV_TEXT.adminJobs, to: '/admin/jobs' },
      { label: OPERATIONS_NAV_TEXT.adminAudit, to: '/admin/audit' },
    );
  }
  if (isUser) {
    // what the session may do in the company: a person by their role, a representing rep by what a rep may do
    const may = (capability: Capability) => sessionMay({ role: isRep ? 'VENDEDOR' : 'USER', companyRole: companyRole ?? 'ADMINISTRADOR' }, capability);
    if (may('buy')) items.push({ label: MSG.navQuickOrder, to: '/user/quick-order' }, { label: SAVED_LISTS_NAV_TEXT.lists, to: SAVED_LISTS_PATH });
    // the line sheet: the company's prices as XLSX or PDF (docs/linesheet.md)
    if (may('browse')) items.push({ label: LINESHEET_NAV_TEXT, to: LINESHEET_PATH });
    if (may('finance')) items.push({ label: ACCOUNT_NAV_TEXT.account, to: ACCOUNT_PATH }, { label: MSG.navPendingPayments, to: '/user/pending-payments' });
    if (may('finance') || may('buy')) items.push({ label: MSG.navPurchaseHistory, to: '/user/purchase-history' });
    items.push({ label: OPERATIONS_NAV_TEXT.buyerOrders, to: '/user/orders' });
  }
  // company people (docs/company-people.md): 'Mi empresa → Personas', for whoever may manage the company's people
  if (isUser && !isRep && mayDo(companyRole ?? 'ADMINISTRADOR', 'people')) items.push({ label: COMPANY_NAV_TEXT.people, to: COMPANY_PEOPLE_PATH });
  // the orders waiting for the company's approval, for the roles that may approve (Aprobador, Administrador)
  if (isUser && !isRep && mayDo(companyRole ?? 'ADMINISTRADOR', 'approve')) items.push({ label: COMPANY_NAV_TEXT.approvals, to: '/user/company/approvals' });
  return items;
}

export interface SideNavProps extends NavAudience {
  /** temporary on phones (closes after a choice), permanent on larger screens */
  variant: 'temporary' | 'permanent';
  open: boolean;
  onClose: () => void;
  /** A count shown on an entry, by its path (the failed ERP jobs on 'Trabajos ERP'); 0 shows nothing. */
  badges?: Record<string, number>;
}

export function SideNav({ variant, open, onClose, badges = {}, ...audience }: SideNavProps) {
  const temporary = variant === 'temporary';
  const list = (
    <Box component="nav" aria-label={NAV_LABEL} sx={menuSx}>
      <ul>
        {navItems(audience).map((item) => {
          const count = badges[item.to] ?? 0;
          return (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === '/'}
                onClick={temporary ? onClose : undefined}
              >
                {item.label}
                {count > 0 && ' '}
                {count > 0 && (
                  // the name is the text shown plus a hidden word ('Trabajos ERP 3 fallidos'): what is read starts
                  // with what is seen (WCAG 2.5.3), as a voice user would say it
                  <Box component="span" data-testid="nav-badge" sx={countSx}>
                    {count > 99 ? '99+' : count}
                    <span style={visuallyHidden}>{OPERATIONS_NAV_TEXT.countWord}</span>
                  </Box>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </Box>
  );
  if (temporary) {
    return (
      <Suspense fallback={null}>
        <NavDrawer open={open} onClose={onClose} label={NAV_LABEL}>
          {list}
        </NavDrawer>
      </Suspense>
    );
  }
  // what MUI's permanent Drawer draws: a docked, full-height panel with a border on its right (the list inside it,
  // not over the border)
  return (
    <Box sx={{ width: DRAWER_WIDTH, flexShrink: 0, bgcolor: 'background.paper', color: 'text.primary', borderRight: 1, borderColor: 'divider', '& > nav': { width: 'auto' } }}>
      {list}
    </Box>
  );
}
