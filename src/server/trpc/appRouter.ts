/**
 * The application's root tRPC router. The client imports only its type (`import type { AppRouter }`).
 */
import { router } from './init';
import { publicContentRouters } from './routers/publicContent';

export const appRouter = router({
  ...publicContentRouters(),
});

export type AppRouter = typeof appRouter;
