/**
 * The application's root tRPC router. The client imports only its type (`import type { AppRouter }`).
 */
import { router } from './init';
import { authUsersRouter } from './routers/authUsers';
import { publicContentRouters } from './routers/publicContent';
import { sessionRouter } from './routers/session';

export const appRouter = router({
  ...publicContentRouters(),
  session: sessionRouter,
  authUsers: authUsersRouter,
});

export type AppRouter = typeof appRouter;
