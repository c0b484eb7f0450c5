import MenuIcon from '@mui/icons-material/Menu';
import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { MSG } from '@shared/messages';
import { brandName } from './brand';

// The menu (and MUI's Menu, Popover and Modal with it) loads with the first logged-in page, not with /login.
const AccountMenu = lazy(() => import('./AccountMenu'));

export interface TopBarProps {
  loggedIn: boolean;
  /** 'Mi perfil' is for buyers only. */
  showProfile: boolean;
  /** The product search (app/Layout gives it to logged-in users). */
  search?: ReactNode;
  /** The cart control: the buyer's cart, or the crossed-out cart of a blocked buyer (app/Layout gives it). */
  cart?: ReactNode;
  /** Shown on phones, where the sidebar is a temporary drawer. */
  onOpenNav?: () => void;
  onLogout: () => void;
}

/** A blocked buyer's cart: crossed out, with the reason as its description. */
export function BlockedCartIcon() {
  // a native title instead of MUI's Tooltip keeps the Popper engine out of the first download
  return (
    <Box component="span" tabIndex={0} title={MSG.blocked} aria-describedby="carro-bloqueado-motivo" sx={{ display: 'inline-flex', p: 1 }}>
      <RemoveShoppingCartIcon titleAccess="Carro bloqueado" />
      <Box component="span" id="carro-bloqueado-motivo" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
        {MSG.blocked}
      </Box>
    </Box>
  );
}

export function TopBar({ loggedIn, showProfile, search, cart, onOpenNav, onLogout }: TopBarProps) {
  return (
    <AppBar position="sticky" elevation={1}>
      <Toolbar sx={{ flexWrap: 'wrap', columnGap: 1, px: { xs: 1, sm: 2 } }}>
        {onOpenNav && (
          <IconButton color="inherit" aria-label={MSG.openMenu} onClick={onOpenNav}>
            <MenuIcon />
          </IconButton>
        )}
        <Box component={RouterLink} to="/" aria-label={MSG.goHome} sx={{ display: 'inline-flex', alignItems: 'center', mr: 1 }}>
          <Box component="img" src="/logo.svg" alt={brandName} sx={{ height: { xs: 32, sm: 40 }, width: 'auto', display: 'block' }} />
        </Box>
        {search ?? <Box sx={{ flex: 1 }} />}
        {cart}
        {loggedIn ? (
          <Suspense fallback={null}>
            <AccountMenu showProfile={showProfile} onLogout={onLogout} />
          </Suspense>
        ) : (
          <Button color="inherit" component={RouterLink} to="/login">
            Ingresar
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
