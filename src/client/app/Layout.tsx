import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useRef, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { Footer } from '../components/Footer';
import { MessageBar } from '../components/MessageBar';
import { PageSpinner } from '../components/PageSpinner';
import { SideNav } from '../components/SideNav';
import { BlockedCartIcon, TopBar } from '../components/TopBar';
import { WrongOriginNotice } from '../components/WrongOriginNotice';
import { selectFailedJobsCount } from '../features/adminJobs/adminJobsSelectors';
import { logoutRequested } from '../features/session/sessionSlice';
import { selectIsAdmin, selectIsAuthenticated, selectIsBlocked, selectIsRep, selectIsUser, selectRepresenting } from '../features/session/sessionSelectors';
import { selectCompanyRole, selectMay } from '../features/session/companySelectors';
import { confirmAccepted, confirmDeclined, selectConfirmRequest } from './confirmSlice';
import { useAppDispatch, useAppSelector } from './hooks';
import { messageDismissed, selectGlobalMessage } from './messageSlice';
import { selectWrongOriginNotice, wrongOriginNoticeDismissed } from './publicOriginSlice';
import { ScenarioButton } from './scenario/ScenarioButton';
import { RouteFocus } from './RouteFocus';
import { ScrollToTop } from './ScrollToTop';
import { SkipLink } from '../components/SkipLink';

// What only a logged-in user sees loads with the first logged-in page: the search box (the search feature), the cart
// (the cart feature), and the confirm dialog the first time a saga asks for a confirmation. /login carries none of it.
const SearchBox = lazy(() => import('../features/search/SearchBox'));
const CartControls = lazy(() => import('./CartControls'));
const ConfirmDialog = lazy(() => import('../components/ConfirmDialog'));
// a sales rep representing a customer sees the banner 'Atendiendo a …' (the reps feature, loaded for reps only)
const RepBanner = lazy(() => import('../features/reps/RepBanner'));
// an admin's shell reads the failed-jobs count (the adminJobs feature, loaded for admins only)
const JobsBadgeWatcher = lazy(() => import('../features/adminJobs/JobsBadgeWatcher'));

/** Phones up to 600 px get a temporary drawer; wider screens a permanent one. */
export const PHONE_QUERY = '(max-width:600px)';

/** The main region: what 'Saltar al contenido' leads to. */
const MAIN_ID = 'contenido';

/** Where the search box goes while its code loads: the same flexible space. */
const searchPlaceholder = <Box sx={{ flex: 1 }} />;

/**
 * The shell of every screen: the skip link, top bar, sidebar, message bar, the routed screen, footer, confirm dialog;
 * on a change of page the focus goes to the new page's heading (RouteFocus).
 */
export function Layout() {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectIsAuthenticated);
  const isAdmin = useAppSelector(selectIsAdmin);
  const isUser = useAppSelector(selectIsUser);
  const isRep = useAppSelector(selectIsRep);
  const representing = useAppSelector(selectRepresenting);
  const blocked = useAppSelector(selectIsBlocked);
  const companyRole = useAppSelector(selectCompanyRole);
  const mayBuy = useAppSelector(selectMay('buy'));
  const message = useAppSelector(selectGlobalMessage);
  const confirm = useAppSelector(selectConfirmRequest);
  const wrongOrigin = useAppSelector(selectWrongOriginNotice);
  const failedJobs = useAppSelector(selectFailedJobsCount);
  const phone = useMediaQuery(PHONE_QUERY);
  const [navOpen, setNavOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  // once asked for, the dialog stays mounted so it can close with its transition
  const [confirmUsed, setConfirmUsed] = useState(false);
  if (confirm && !confirmUsed) setConfirmUsed(true);

  // the cart is for logged-in buyers whose role inside the company buys; a blocked buyer sees it crossed out (R-NAV-3)
  const cart = !loggedIn || isAdmin || !isUser || !mayBuy ? null : blocked ? (
    <BlockedCartIcon />
  ) : (
    <Suspense fallback={null}>
      <CartControls />
    </Suspense>
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink target={main} />
      <ScrollToTop />
      <RouteFocus main={main} />
      <TopBar
        loggedIn={loggedIn}
        showProfile={loggedIn && isUser}
        search={
          // the product search is a company's: a rep acting for no customer has no catalogue to search
          loggedIn && (!isRep || representing) ? (
            <Suspense fallback={searchPlaceholder}>
              <SearchBox />
            </Suspense>
          ) : undefined
        }
        cart={cart}
        onOpenNav={phone ? () => setNavOpen(true) : undefined}
        onLogout={() => dispatch(logoutRequested())}
      />
      {loggedIn && representing && (
        <Suspense fallback={null}>
          <RepBanner />
        </Suspense>
      )}
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <SideNav
          variant={phone ? 'temporary' : 'permanent'}
          open={phone ? navOpen : true}
          onClose={() => setNavOpen(false)}
          loggedIn={loggedIn}
          isAdmin={isAdmin}
          isUser={isUser}
          companyRole={companyRole}
          isRep={isRep}
          badges={loggedIn && isAdmin ? { '/admin/jobs': failedJobs } : undefined}
        />
        <Box component="main" id={MAIN_ID} ref={main} tabIndex={-1} sx={{ flex: 1, minWidth: 0, p: { xs: 1.5, sm: 3 } }}>
          <MessageBar message={message} onClose={() => dispatch(messageDismissed())} />
          <WrongOriginNotice notice={wrongOrigin} onClose={() => dispatch(wrongOriginNoticeDismissed())} />
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
      <Footer />
      <ScenarioButton />
      {loggedIn && isAdmin && (
        <Suspense fallback={null}>
          <JobsBadgeWatcher />
        </Suspense>
      )}
      {confirmUsed && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={Boolean(confirm)}
            title={confirm?.title ?? ''}
            text={confirm?.text}
            positiveText={confirm?.positive ?? ''}
            negativeText={confirm?.negative}
            focus={confirm?.focus}
            onConfirm={() => dispatch(confirmAccepted())}
            onDecline={() => dispatch(confirmDeclined())}
          />
        </Suspense>
      )}
    </Box>
  );
}
