import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Footer } from '../components/Footer';
import { MessageBar } from '../components/MessageBar';
import { PageSpinner } from '../components/PageSpinner';
import { SideNav } from '../components/SideNav';
import { TopBar, type CartIconState } from '../components/TopBar';
import { WrongOriginNotice } from '../components/WrongOriginNotice';
import { CartDrawer } from '../features/cart/CartDrawer';
import { selectCartDrawerOpen } from '../features/cart/cartSelectors';
import { cartDrawerOpened, cartIconShown, selectCartCount } from '../features/cart/cartSlice';
import { logoutRequested } from '../features/session/sessionSlice';
import { selectIsAdmin, selectIsAuthenticated, selectIsBlocked, selectIsUser } from '../features/session/sessionSelectors';
import { confirmAccepted, confirmDeclined, selectConfirmRequest } from './confirmSlice';
import { useAppDispatch, useAppSelector } from './hooks';
import { messageDismissed, selectGlobalMessage } from './messageSlice';
import { selectWrongOriginNotice, wrongOriginNoticeDismissed } from './publicOriginSlice';
import { ScenarioButton } from './scenario/ScenarioButton';
import { ScrollToTop } from './ScrollToTop';

/** Phones up to 600 px get a temporary drawer; wider screens a permanent one. */
export const PHONE_QUERY = '(max-width:600px)';

/** The shell of every screen: top bar, sidebar, message bar, the routed screen, footer, confirm dialog. */
export function Layout() {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectIsAuthenticated);
  const isAdmin = useAppSelector(selectIsAdmin);
  const isUser = useAppSelector(selectIsUser);
  const blocked = useAppSelector(selectIsBlocked);
  const cartCount = useAppSelector(selectCartCount);
  const cartOpen = useAppSelector(selectCartDrawerOpen);
  const message = useAppSelector(selectGlobalMessage);
  const confirm = useAppSelector(selectConfirmRequest);
  const wrongOrigin = useAppSelector(selectWrongOriginNotice);
  const phone = useMediaQuery(PHONE_QUERY);
  const [navOpen, setNavOpen] = useState(false);

  // the cart is for logged-in buyers; a blocked buyer sees it crossed out (spec section 2)
  const cart: CartIconState = !loggedIn || isAdmin || !isUser ? 'hidden' : blocked ? 'blocked' : 'active';

  // the badge is read from the server whenever the cart icon appears (login, reload)
  useEffect(() => {
    if (cart === 'active') dispatch(cartIconShown());
  }, [cart, dispatch]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <ScrollToTop />
      <TopBar
        loggedIn={loggedIn}
        showProfile={loggedIn && isUser}
        cart={cart}
        cartCount={cartCount}
        onOpenCart={() => dispatch(cartDrawerOpened())}
        cartOpen={cartOpen}
        onOpenNav={phone ? () => setNavOpen(true) : undefined}
        onLogout={() => dispatch(logoutRequested())}
      />
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <SideNav
          variant={phone ? 'temporary' : 'permanent'}
          open={phone ? navOpen : true}
          onClose={() => setNavOpen(false)}
          loggedIn={loggedIn}
          isAdmin={isAdmin}
          isUser={isUser}
        />
        <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 1.5, sm: 3 } }}>
          <MessageBar message={message} onClose={() => dispatch(messageDismissed())} />
          <WrongOriginNotice notice={wrongOrigin} onClose={() => dispatch(wrongOriginNoticeDismissed())} />
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
      <Footer />
      {cart === 'active' && <CartDrawer />}
      <ScenarioButton />
      <ConfirmDialog
        open={Boolean(confirm)}
        title={confirm?.title ?? ''}
        text={confirm?.text}
        positiveText={confirm?.positive ?? ''}
        negativeText={confirm?.negative}
        onConfirm={() => dispatch(confirmAccepted())}
        onDecline={() => dispatch(confirmDeclined())}
      />
    </Box>
  );
}
