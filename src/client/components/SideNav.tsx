import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router-dom';
import { MSG } from '@shared/messages';
import { DRAWER_WIDTH } from '../app/theme';

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
    <Box component="nav" aria-label={NAV_LABEL} sx={{ width: DRAWER_WIDTH }}>
      <List>
        {/* each link in its own list item (a list holds items only); NavLink marks the current page aria-current */}
        {navItems(audience).map((item) => (
          <li key={item.to}>
            <ListItemButton
              component={NavLink}
              to={item.to}
              end={item.to === '/'}
              onClick={temporary ? onClose : undefined}
              sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
            >
              <ListItemText primary={item.label} />
            </ListItemButton>
          </li>
        ))}
      </List>
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
