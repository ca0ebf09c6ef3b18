/**
 * The one module through which the server reaches client code (ESLint enforces it): the public
 * site's server render and the facts about its routes the server's HTTP layer needs.
 */
import { formPostPaths } from '../app/definePage';
import { publicPages } from '../app/routes';
import { ORDER_SENT_PARAM } from '../components/bookOrderSubmit';

export { createRenderer, type Render, type RenderOptions, type RenderResult } from './render';
export type { PriorityImage } from '../lib/priorityImage';

/** Route paths of the pages that take a posted form (the server answers POST there). */
export const FORM_POST_PATHS: readonly string[] = formPostPaths(publicPages);

/**
 * The query parameters public pages read (`page`, `kind`, `q`, the search's `type`, `preview`, the
 * book order's `order`): the page cache keys and renders anonymous pages by these alone.
 */
export const PAGE_QUERY_PARAMS: readonly string[] = ['page', 'kind', 'q', 'type', 'preview', ORDER_SENT_PARAM];
