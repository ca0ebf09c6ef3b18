/**
 * The application's root tRPC router. The client imports only its type (`import type { AppRouter }`).
 */
import { router } from './init';
import { adminAuditRouter } from './routers/adminAudit';
import { adminContentRouter } from './routers/adminContent';
import { adminDashboardRouter } from './routers/adminDashboard';
import { bookOrdersRouter } from './routers/bookOrders';
import { authUsersRouter } from './routers/authUsers';
import { publicContentRouters } from './routers/publicContent';
import { searchRouter } from './routers/search';
import { sessionRouter } from './routers/session';

export const appRouter = router({
  ...publicContentRouters(),
  search: searchRouter,
  session: sessionRouter,
  authUsers: authUsersRouter,
  adminContent: adminContentRouter,
  adminAudit: adminAuditRouter,
  adminDashboard: adminDashboardRouter,
  bookOrders: bookOrdersRouter,
});

export type AppRouter = typeof appRouter;
