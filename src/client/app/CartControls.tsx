import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useEffect, useRef } from 'react';
import { CartDrawer } from '../features/cart/CartDrawer';
import { selectCartDrawerOpen } from '../features/cart/cartSelectors';
import { cartDrawerOpened, cartIconShown, selectCartCount } from '../features/cart/cartSlice';
import { productCount } from '../features/cart/cartTexts';
import { announce } from './announcer';
import { useAppDispatch, useAppSelector } from './hooks';

/** The cart button's name holds the count its badge shows ('Carro de compras, 2 Productos'): a screen reader hears it. */
export const cartButtonLabel = (count: number) => `Carro de compras, ${productCount(count)}`;

/**
 * The buyer's cart in the top bar: the icon with its badge and the slide-out panel. It loads with the cart feature
 * when a buyer who may order is logged in (Layout), so /login carries none of it. A change of the count is said by the
 * app's polite live region.
 */
export default function CartControls() {
  const dispatch = useAppDispatch();
  const count = useAppSelector(selectCartCount);
  const open = useAppSelector(selectCartDrawerOpen);
  const said = useRef(count);

  // the badge is read from the server whenever the cart icon appears (login, reload)
  useEffect(() => {
    dispatch(cartIconShown());
  }, [dispatch]);

  useEffect(() => {
    if (said.current === count) return;
    said.current = count;
    announce(`Carro de compras: ${productCount(count)}`);
  }, [count]);

  return (
    <>
      <IconButton color="inherit" aria-label={cartButtonLabel(count)} aria-haspopup="dialog" aria-expanded={open ? 'true' : 'false'} onClick={() => dispatch(cartDrawerOpened())}>
        {/* no '99+': the badge shows what the name says */}
        <Badge badgeContent={count} color="secondary" showZero max={9999}>
          <ShoppingCartIcon />
        </Badge>
      </IconButton>
      {/* the panel is a modal drawer: it renders in a portal at the end of the page */}
      <CartDrawer />
    </>
  );
}
