import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router-dom';
import { fill, MSG } from '@shared/messages';
import { BUYER_ORDERS_TEXT } from '@shared/orderTracking';
import { DRAWER_WIDTH } from '../app/theme';

// Phones get the sidebar as a temporary drawer (MUI's Drawer, with Modal and the slide transition): it loads only
// there. Wider screens show it docked beside the page, drawn without the Drawer component.
const NavDrawer = lazy(() => import('./NavDrawer'));

/** The entries of the operations screens (issue 17), not named by the spec. */
export const OPERATIONS_NAV_TEXT = {
  adminOrders: 'Pedidos',
  adminJobs: 'Trabajos ERP',
  adminAudit: 'Auditoría',
  buyerOrders: BUYER_ORDERS_TEXT.title,
  /** The accessible name of an entry with a count ('Trabajos ERP, 3 fallidos'). */
  withCount: '{label}, {n} fallidos',
} as const;

export interface NavAudience {
  loggedIn: boolean;
  isAdmin: boolean;
  isUser: boolean;
}

export interface NavItem {
  label: string;
  to: string;
}

/** Sidebar entries per role (spec section 2, shell; admin document section 1). */
export function navItems({ loggedIn, isAdmin, isUser }: NavAudience): NavItem[] {
  if (!loggedIn) return [{ label: MSG.navCustomerRequest, to: '/user/user-creation-req' }];
  const items: NavItem[] = [
    { label: MSG.navHome, to: '/' },
    { label: MSG.navCatalog, to: '/user/catalog' },
  ];
  if (isAdmin) {
    items.push(
      { label: MSG.navAdminProducts, to: '/admin/product' },
      { label: MSG.navAdminUsers, to: '/admin/user' },
      { label: MSG.navAdminNotifications, to: '/admin/email' },
      { label: MSG.navAdminBanner, to: '/admin/banner' },
      { label: OPERATIONS_NAV_TEXT.adminOrders, to: '/admin/orders' },
      { label: OPERATIONS_NAV_TEXT.adminJobs, to: '/admin/jobs' },
      { label: OPERATIONS_NAV_TEXT.adminAudit, to: '/admin/audit' },
    );
  }
  if (isUser) {
    items.push(
      { label: MSG.navPendingPayments, to: '/user/pending-payments' },
      { label: MSG.navPurchaseHistory, to: '/user/purchase-history' },
      { label: OPERATIONS_NAV_TEXT.buyerOrders, to: '/user/orders' },
    );
  }
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
    <Box component="nav" aria-label="Menú principal" sx={{ width: DRAWER_WIDTH }}>
      <List>
        {navItems(audience).map((item) => {
          const count = badges[item.to] ?? 0;
          return (
            <ListItemButton
              key={item.to}
              component={NavLink}
              to={item.to}
              end={item.to === '/'}
              onClick={temporary ? onClose : undefined}
              aria-label={count > 0 ? fill(OPERATIONS_NAV_TEXT.withCount, { label: item.label, n: count }) : undefined}
              sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
            >
              <ListItemText primary={item.label} />
              {count > 0 && <Badge badgeContent={count} max={99} color="error" data-testid="nav-badge" sx={{ mr: 1.5 }} />}
            </ListItemButton>
          );
        })}
      </List>
    </Box>
  );
  if (temporary) {
    return (
      <Suspense fallback={null}>
        <NavDrawer open={open} onClose={onClose}>
          {list}
        </NavDrawer>
      </Suspense>
    );
  }
  // what MUI's permanent Drawer draws: a docked, full-height panel with a border on its right
  return (
    <Box sx={{ width: DRAWER_WIDTH, flexShrink: 0, bgcolor: 'background.paper', color: 'text.primary', borderRight: 1, borderColor: 'divider' }}>
      {list}
    </Box>
  );
}
