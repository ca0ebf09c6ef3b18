/** `search.query`: the visitor search (server/search/service.ts), public. */
import { z } from 'zod';
import { MAX_SEARCH_PAGE, MAX_SEARCH_QUERY } from '../../../shared/searchResults';
import { SiteSearchService } from '../../search/service';
import { publicProcedure, router } from '../init';

export const searchInputSchema = z.object({
  q: z.string().max(MAX_SEARCH_QUERY, `Запит довший за ${MAX_SEARCH_QUERY} символів`),
  page: z.number().int().min(1).max(MAX_SEARCH_PAGE).default(1),
  /** A content type's key: only its hits (an unknown or unsearched one: every type, as without it). */
  type: z.string().max(100, 'Тип довший за 100 символів').optional(),
});

export const searchRouter = router({
  query: publicProcedure
    .meta({ access: 'public', sharedRead: true })
    .input(searchInputSchema)
    .query(({ ctx, input }) => new SiteSearchService(ctx.content).search(input.q, input.page, undefined, input.type)),
});
