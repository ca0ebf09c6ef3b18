/**
 * The route shells: the root (scroll behaviour, navigation progress) and the public "new-design"
 * layout (header, footer, page transitions), plus the error boundaries.
 */
import { useEffect } from 'react';
import { Outlet, isRouteErrorResponse, useLocation, useNavigation, useRouteError } from 'react-router';
import { ErrorScreen } from '../components/ErrorScreen';
import { HydrateLater } from '../components/HydrateLater';
import { NotFound } from '../components/NotFound';
import { SiteFooter } from '../components/SiteFooter';
import { SiteHeader } from '../components/SiteHeader';
import { handleChunkLoadError } from '../lib/buildUpdates';
import { shouldLoadInFull } from '../lib/navigationFailure';
import { useNavigationScroll } from '../lib/useNavigationScroll';
import { useSite } from './site';
import { isPreviewSearch } from './itemInput';

export function RootShell() {
  const navigation = useNavigation();
  useNavigationScroll();
  return (
    <>
      <div className={`nav-progress${navigation.state !== 'idle' ? ' is-active' : ''}`} aria-hidden="true" />
      <Outlet />
    </>
  );
}

/**
 * Whether the first page has been shown: the fade-in is for client navigations only. The
 * server-rendered page paints at once (an opacity animation on it would hold back the first
 * contentful and the largest contentful paint), and the hydrating render matches the server's.
 */
let firstPageShown = false;

/** Says plainly that a preview is not what visitors see (drafts and scheduled documents show in it). */
function PreviewBanner() {
  return (
    <div className="preview-banner" role="status">
      <strong>Чернетка — не опубліковано.</strong> Це попередній перегляд для редакторів: відвідувачі сайту цієї
      сторінки в такому вигляді не бачать.
    </div>
  );
}

export function PublicLayout() {
  const location = useLocation();
  useEffect(() => {
    firstPageShown = true;
  }, []);
  return (
    <>
      <a className="skip-link" href="#main">
        Перейти до змісту
      </a>
      <SiteHeader />
      {isPreviewSearch(location.search) ? <PreviewBanner /> : null}
      <HydrateLater order={1} key={location.pathname}>
        <main id="main" tabIndex={-1} className={firstPageShown ? 'container page-transition' : 'container'}>
          <Outlet />
        </main>
      </HydrateLater>
      <HydrateLater order={2}>
        <SiteFooter />
      </HydrateLater>
    </>
  );
}

/** Renders what a route error means: the 404 page, nothing for bots, or the error screen. */
function ErrorView({ error }: { error: unknown }) {
  const location = useLocation();
  const { isBot } = useSite();
  const is404 = isRouteErrorResponse(error) && error.status === 404;
  const href = typeof window === 'undefined' ? '' : window.location.href;
  const loadInFull = shouldLoadInFull(error, href);
  useEffect(() => {
    if (loadInFull) {
      window.location.assign(href);
      return;
    }
    if (!is404 && isBot) console.error(error);
    if (!is404) handleChunkLoadError(error);
  }, [error, is404, isBot, loadInFull, href]);
  if (loadInFull) return <p role="status">Завантажуємо сторінку…</p>;
  // The address as asked for, query included (`/News?page=9999`: the path alone names a page that exists).
  if (is404) return <NotFound path={`${location.pathname}${location.search}`} />;
  if (isBot) return null;
  return <ErrorScreen error={error} />;
}

/** Boundary inside the layout: the header and footer stay. */
export function PageErrorBoundary() {
  return <ErrorView error={useRouteError()} />;
}

/** Boundary at the root, for when the layout itself failed. */
export function RootErrorBoundary() {
  return (
    <main id="main" className="container">
      <ErrorView error={useRouteError()} />
    </main>
  );
}
