/**
 * `layout.get()`: what every public page's frame shows, the `header` and `footer` settings documents
 * (each null before it is first saved), in one answer, so a page's state carries one query for its
 * frame instead of two. The page cache counts it as reading both types (ssr/procedureReads.ts).
 */
import { z } from 'zod';
import type { ContentTypes, DocumentOf } from '../../../shared/content/registry';
import { publicSingletonView } from '../../content/publicView';
import { publicProcedure, router } from '../init';

/** The page frame's settings: `{ header, footer }`, each as `header.get`/`footer.get` answer it. */
export interface Layout {
  header: DocumentOf<ContentTypes['header']> | null;
  footer: DocumentOf<ContentTypes['footer']> | null;
}

export const layoutRouter = router({
  get: publicProcedure
    .meta({ access: 'public', sharedRead: true })
    .input(z.void())
    .query(async ({ ctx }): Promise<Layout> => {
      const [header, footer] = await Promise.all([
        ctx.content.getSingleton('header'),
        ctx.content.getSingleton('footer'),
      ]);
      return {
        header: publicSingletonView(header) as unknown as Layout['header'],
        footer: publicSingletonView(footer) as unknown as Layout['footer'],
      };
    }),
});
