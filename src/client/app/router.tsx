import { lazy } from 'react';
import { createBrowserRouter, createMemoryRouter, Navigate, type InitialEntry, type RouteObject } from 'react-router-dom';
import { Placeholder } from '../components/Placeholder';
import { RequireAdmin, RequireAuth } from './guards';
import { Layout } from './Layout';
import { setNavigator } from './navigation';

// Screens load on demand, so /login does not download the code of the other areas.
const LoginScreen = lazy(() => import('../features/session/screens/LoginScreen'));
const ChangePasswordScreen = lazy(() => import('../features/session/screens/ChangePasswordScreen'));
const SessionExpiredScreen = lazy(() => import('../features/session/screens/SessionExpiredScreen'));

const todo = (path: string, title: string): RouteObject => ({ path, element: <Placeholder title={title} /> });

/** Spec section 2 (customer area) and the admin document section 2. */
export const appRoutes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      // open routes
      { path: '/login', element: <LoginScreen /> },
      { path: '/session-expired', element: <SessionExpiredScreen /> },
      { path: '/change-password', element: <ChangePasswordScreen /> },
      todo('/user/user-creation-req', 'Ficha de Registro de Cliente'),
      todo('/payment', 'Pago con tarjeta'),
      todo('/payment-verification', 'Resultado del pago'),
      todo('/return', 'Gracias por tu compra'),
      {
        // guarded: logged-in users only
        element: <RequireAuth />,
        children: [
          todo('/', 'Home'),
          todo('/profile', 'Información Usuario'),
          todo('/user/catalog', 'Catalogo'),
          todo('/user/catalog-detail', 'Catalogo - Lista Productos'),
          todo('/user/search-product', 'Resultado de Busqueda'),
          todo('/user/cart-detail', 'Carro'),
          todo('/user/product-detail/:sku', 'Detalle de Producto'),
          todo('/user/sumary-order', 'Resumen de la compra'),
          todo('/user/pending-payments', 'Pagos Pendientes'),
          todo('/user/purchase-history', 'Historial de Compra'),
        ],
      },
      {
        // admin area: ADMIN and SUPERADMIN only
        path: '/admin',
        element: <RequireAdmin />,
        children: [
          { index: true, element: <Navigate to="/login" replace /> }, // /admin itself is not a route
          todo('product', 'Administración Productos'),
          todo('product/update', 'Actualizar Producto'),
          todo('user', 'Administración de Usuarios'),
          todo('user/add', 'Creación de Usuario'),
          todo('user/update', 'Actualización de Usuario'),
          todo('email', 'Administración Notificaciones'),
          todo('email-add', 'Creación de Notificación'),
          todo('email-update', 'Actualizar de Notificación'),
          todo('banner', 'Administración Banner'),
          todo('banner-add', 'Cargar Imagen Banner'),
          todo('banner-update', 'Actualizar Imagen Banner'),
        ],
      },
      // any other path
      { path: '*', element: <Navigate to="/login" replace /> },
    ],
  },
];

/** The browser router of the app, or a memory router at `initialEntries` (tests); sagas navigate through it. */
export function createAppRouter(options: { initialEntries?: InitialEntry[] } = {}) {
  const router = options.initialEntries
    ? createMemoryRouter(appRoutes, { initialEntries: options.initialEntries })
    : createBrowserRouter(appRoutes);
  setNavigator((to, navOptions) => router.navigate(to, navOptions));
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
