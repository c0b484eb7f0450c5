import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useEffect } from 'react';
import { CartDrawer } from '../features/cart/CartDrawer';
import { selectCartDrawerOpen } from '../features/cart/cartSelectors';
import { cartDrawerOpened, cartIconShown, selectCartCount } from '../features/cart/cartSlice';
import { useAppDispatch, useAppSelector } from './hooks';

/**
 * The buyer's cart in the top bar: the icon with its badge and the slide-out panel. It loads with the cart feature
 * when a buyer who may order is logged in (Layout), so /login carries none of it.
 */
export default function CartControls() {
  const dispatch = useAppDispatch();
  const count = useAppSelector(selectCartCount);
  const open = useAppSelector(selectCartDrawerOpen);

  // the badge is read from the server whenever the cart icon appears (login, reload)
  useEffect(() => {
    dispatch(cartIconShown());
  }, [dispatch]);

  return (
    <>
      <IconButton color="inherit" aria-label="Carro de compras" aria-haspopup="dialog" aria-expanded={open ? 'true' : 'false'} onClick={() => dispatch(cartDrawerOpened())}>
        <Badge badgeContent={count} color="secondary" showZero max={99}>
          <ShoppingCartIcon />
        </Badge>
      </IconButton>
      {/* the panel is a modal drawer: it renders in a portal at the end of the page */}
      <CartDrawer />
    </>
  );
}
