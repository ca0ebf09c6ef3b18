/**
 * The public route tree. Every page declared in routes/public is listed once here; the server
 * render and the browser build their routers from this same function.
 */
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import type { RouteMiddleware } from '../../shared/routes';
import { activityItemPage, activityListPage, receptionPage } from '../routes/public/activities';
import { confItemPage, confListPage, thesisPage } from '../routes/public/conferences';
import { contactsPage } from '../routes/public/contacts';
import { dataRepoItemPage, dataRepoListPage } from '../routes/public/dataRepo';
import { dataRepoVersionPage } from '../routes/public/dataRepoVersion';
import { departmentItemPage, departmentsListPage } from '../routes/public/departments';
import { developmentItemPage, developmentsListPage } from '../routes/public/developments';
import { docItemPage, docsListPage } from '../routes/public/docs';
import { homePage } from '../routes/public/home';
import { journalItemPage, journalListPage } from '../routes/public/journal';
import { newsItemPage, newsListPage } from '../routes/public/news';
import { cop29Page, slugPage, tethysPage, unknownPage } from '../routes/public/pages';
import { publicationItemPage, publicationsListPage } from '../routes/public/publications';
import { searchPage } from '../routes/public/search';
import { trainingPermalinkPage, trainingsPage } from '../routes/public/trainings';
import { pageAction, pageLoader, type DepsOf, type PageDef, type RouteDeps } from './definePage';
import { PageErrorBoundary, PublicLayout, RootErrorBoundary, RootShell } from './layouts';

export const publicPages: PageDef[] = [
  homePage,
  cop29Page,
  contactsPage,
  docsListPage,
  docItemPage,
  newsListPage,
  newsItemPage,
  trainingsPage,
  trainingPermalinkPage,
  confListPage,
  confItemPage,
  thesisPage,
  tethysPage,
  journalListPage,
  journalItemPage,
  activityListPage,
  receptionPage,
  activityItemPage,
  developmentsListPage,
  developmentItemPage,
  dataRepoListPage,
  dataRepoItemPage,
  dataRepoVersionPage,
  departmentsListPage,
  departmentItemPage,
  publicationsListPage,
  publicationItemPage,
  searchPage,
  slugPage,
  unknownPage,
];

/** Named route middleware available to pages (the identity issue adds `auth` and `guest`). */
export const routeMiddleware: Record<string, RouteMiddleware> = {};

/**
 * The route tree. Loaders prefetch through query utils and actions (pages that take a posted form)
 * call the tRPC client: the browser passes its own; the server builds the tree once and hands each
 * request's to the loaders and actions as react-router's request context (`depsOf`), so no route
 * tree is built per request.
 */
export function createRoutes(source: { deps: RouteDeps } | { depsOf: DepsOf }): RouteObject[] {
  const depsOf: DepsOf = 'depsOf' in source ? source.depsOf : () => source.deps;
  return [
    {
      id: 'root',
      Component: RootShell,
      ErrorBoundary: RootErrorBoundary,
      loader: async (args: LoaderFunctionArgs) => {
        const { utils: u } = depsOf(args);
        await u.layout.get.ensureData();
        return null;
      },
      children: [
        {
          id: 'public',
          Component: PublicLayout,
          children: [
            {
              id: 'public-pages',
              ErrorBoundary: PageErrorBoundary,
              children: publicPages.map((page) => ({
                path: page.path,
                loader: pageLoader(page, depsOf, routeMiddleware),
                action: pageAction(page, depsOf),
                Component: page.Component,
              })),
            },
          ],
        },
      ],
    },
  ];
}
