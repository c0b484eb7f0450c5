import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router-dom';
import { MSG } from '@shared/messages';
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

// Phones get the sidebar as a temporary drawer (MUI's Drawer, with Modal and the slide transition): it loads only
// there. Wider screens show it docked beside the page, drawn without the Drawer component.
const NavDrawer = lazy(() => import('./NavDrawer'));

/** The menu's name: its navigation landmark and, on phones, its drawer. */
export const NAV_LABEL = 'Menú principal';

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
    );
  }
  if (isUser) {
    items.push({ label: MSG.navQuickOrder, to: '/user/quick-order' });
    items.push({ label: MSG.navPendingPayments, to: '/user/pending-payments' }, { label: MSG.navPurchaseHistory, to: '/user/purchase-history' });
  }
  return items;
}

export interface SideNavProps extends NavAudience {
  /** temporary on phones (closes after a choice), permanent on larger screens */
  variant: 'temporary' | 'permanent';
  open: boolean;
  onClose: () => void;
}

export function SideNav({ variant, open, onClose, ...audience }: SideNavProps) {
  const temporary = variant === 'temporary';
  const list = (
    <Box component="nav" aria-label={NAV_LABEL} sx={menuSx}>
      <ul>
        {navItems(audience).map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.to === '/'} onClick={temporary ? onClose : undefined}>
              {item.label}
            </NavLink>
          </li>
        ))}
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
  // what MUI's permanent Drawer draws: a docked, full-height panel with a border on its right
  return (
    <Box sx={{ width: DRAWER_WIDTH, flexShrink: 0, bgcolor: 'background.paper', color: 'text.primary', borderRight: 1, borderColor: 'divider' }}>
      {list}
    </Box>
  );
}
