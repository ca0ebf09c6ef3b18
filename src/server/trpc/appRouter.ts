/**
 * The application's root tRPC router. The client imports only its type (`import type { AppRouter }`).
 * The content routers are generated from a registry: the site's for `appRouter`; `createAppRouter`
 * takes another (a copy with a type added, in tests), whose ContentService the context must carry.
 */
import { registry as siteRegistry, type ContentRegistry } from '../../shared/content/registry';
import type { AnyContentType } from '../../shared/content/define';
import { router } from './init';
import { adminAuditRouter } from './routers/adminAudit';
import { adminContentRouters } from './routers/adminContent';
import { adminDashboardRouter } from './routers/adminDashboard';
import { adminMediaRouter } from './routers/adminMedia';
import { adminScholarlyRouter } from './routers/adminScholarly';
import { bookOrdersRouter } from './routers/bookOrders';
import { datasetFilesRouter } from './routers/datasetFiles';
import { datasetPreviewRouter } from './routers/datasetPreview';
import { authUsersRouter } from './routers/authUsers';
import { layoutRouter } from './routers/layout';
import { publicContentRouters } from './routers/publicContent';
import { searchRouter } from './routers/search';
import { sessionRouter } from './routers/session';
import { trainingPermalinkRouter } from './routers/trainingPermalink';

export function createAppRouter<T extends Record<string, AnyContentType>>(registry: ContentRegistry<T>) {
  return router({
    ...publicContentRouters(registry),
    layout: layoutRouter,
    search: searchRouter,
    datasetFiles: datasetFilesRouter,
    datasetPreview: datasetPreviewRouter,
    trainingPermalink: trainingPermalinkRouter,
    session: sessionRouter,
    authUsers: authUsersRouter,
    adminContent: router(adminContentRouters(registry)),
    adminAudit: adminAuditRouter,
    adminDashboard: adminDashboardRouter,
    adminMedia: adminMediaRouter,
    adminScholarly: adminScholarlyRouter,
    bookOrders: bookOrdersRouter,
  });
}

export const appRouter = createAppRouter(siteRegistry);

export type AppRouter = typeof appRouter;
