import AccountCircle from '@mui/icons-material/AccountCircle';
import MenuIcon from '@mui/icons-material/Menu';
import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import { useId, useState, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { MSG } from '@shared/messages';
import SearchBox from '../features/search/SearchBox';
import { brandName } from './brand';

export type CartIconState = 'hidden' | 'active' | 'blocked';

export interface TopBarProps {
  loggedIn: boolean;
  /** 'Mi perfil' is for buyers only. */
  showProfile: boolean;
  cart: CartIconState;
  cartCount: number;
  /** The cart icon opens the cart panel (app/Layout mounts it). */
  onOpenCart: () => void;
  /** Whether the cart panel is open, for assistive technology. */
  cartOpen?: boolean;
  /** Shown on phones, where the sidebar is a temporary drawer. */
  onOpenNav?: () => void;
  onLogout: () => void;
}

function AccountMenu({ showProfile, onLogout }: Pick<TopBarProps, 'showProfile' | 'onLogout'>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label="Mi cuenta"
        aria-haspopup="true"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
      >
        <AccountCircle />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {showProfile && (
          <MenuItem component={RouterLink} to="/profile" onClick={close}>
            {MSG.menuProfile}
          </MenuItem>
        )}
        <MenuItem component={RouterLink} to="/change-password" onClick={close}>
          {MSG.menuChangePassword}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            onLogout();
          }}
        >
          {MSG.menuLogout}
        </MenuItem>
      </Menu>
    </>
  );
}

function CartIcon({ cart, cartCount, onOpenCart, cartOpen }: Pick<TopBarProps, 'cart' | 'cartCount' | 'onOpenCart' | 'cartOpen'>) {
  if (cart === 'hidden') return null;
  if (cart === 'blocked') {
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
  return (
    <IconButton color="inherit" aria-label="Carro de compras" aria-haspopup="dialog" aria-expanded={cartOpen ? 'true' : 'false'} onClick={onOpenCart}>
      <Badge badgeContent={cartCount} color="secondary" showZero max={99}>
        <ShoppingCartIcon />
      </Badge>
    </IconButton>
  );
}

export function TopBar({ loggedIn, showProfile, cart, cartCount, onOpenCart, cartOpen, onOpenNav, onLogout }: TopBarProps) {
  return (
    <AppBar position="sticky" elevation={1}>
      <Toolbar sx={{ flexWrap: 'wrap', columnGap: 1, px: { xs: 1, sm: 2 } }}>
        {onOpenNav && (
          <IconButton color="inherit" edge="start" aria-label="Abrir menú" onClick={onOpenNav}>
            <MenuIcon />
          </IconButton>
        )}
        <Box component={RouterLink} to="/" aria-label="Ir al inicio" sx={{ display: 'inline-flex', alignItems: 'center', mr: 1 }}>
          <Box component="img" src="/logo.svg" alt={brandName} sx={{ height: { xs: 32, sm: 40 }, width: 'auto', display: 'block' }} />
        </Box>
        {loggedIn ? <SearchBox /> : <Box sx={{ flex: 1 }} />}
        <CartIcon cart={cart} cartCount={cartCount} onOpenCart={onOpenCart} cartOpen={cartOpen} />
        {loggedIn ? (
          <AccountMenu showProfile={showProfile} onLogout={onLogout} />
        ) : (
          <Button color="inherit" component={RouterLink} to="/login">
            Ingresar
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
