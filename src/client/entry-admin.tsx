/**
 * Browser entry of the admin (client-only, loaded under /edit/admin): firebase Auth (embedded mode:
 * pointed at this server), the session sync and the router. Only the login page's needs load up
 * front; Mantine, tRPC and react-query come with the admin shell after sign-in (admin/AdminShell.tsx).
 */
import './styles/a11y.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AdminContext } from './admin/context';
import { adminMiddleware } from './admin/guards';
import { createAdminRoutes } from './admin/routes';
import { createAdminSession } from './admin/session';
import { startBuildChecks } from './lib/buildUpdates';
import { firebaseApp, firebaseAuth } from './lib/firebase';
import { readAppData } from './lib/appData';

const config = readAppData().config;
// App Check (firebase mode with a site key) before the first request to Firebase that it should cover.
if (config.appCheckSiteKey) {
  const siteKey = config.appCheckSiteKey;
  void import('./lib/appCheck').then((m) => m.startAppCheck(firebaseApp(config), siteKey));
}
const auth = firebaseAuth(config);
const session = createAdminSession(auth);
const router = createBrowserRouter(createAdminRoutes(adminMiddleware(session)));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AdminContext.Provider value={{ config, auth, session }}>
      <RouterProvider router={router} />
    </AdminContext.Provider>
  </StrictMode>,
);

startBuildChecks(config.buildId);
