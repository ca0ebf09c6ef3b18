/**
 * `layout.get()`: what every public page's frame shows, the `header` and `footer` settings documents
 * (each null before it is first saved), in one answer, so a page's state carries one query for its
 * frame instead of two. The page cache counts it as reading both types (ssr/procedureReads.ts).
 */
import { z } from 'zod';
import type { LayoutMenuItem, MenuItem } from '../../../shared/content/constants';
import type { ContentTypes, DocumentOf } from '../../../shared/content/registry';
import { publicSingletonView } from '../../content/publicView';
import { publicProcedure, router } from '../init';

/**
 * The page frame's settings: `{ header, footer }`, each as `header.get`/`footer.get` answer it,
 * except that menu entries without children carry no `children`.
 */
export interface Layout {
  header: (Omit<DocumentOf<ContentTypes['header']>, 'menu'> & { menu: LayoutMenuItem[] }) | null;
  footer: DocumentOf<ContentTypes['footer']> | null;
}

/** Menu entries without their empty `children` lists. */
function menuOf(items: MenuItem[]): LayoutMenuItem[] {
  return items.map(({ label, href, children }) =>
    children.length ? { label, href, children: menuOf(children) } : { label, href },
  );
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
      const headerView = publicSingletonView(header) as DocumentOf<ContentTypes['header']> | null;
      return {
        header: headerView && { ...headerView, menu: menuOf(headerView.menu ?? []) },
        footer: publicSingletonView(footer) as unknown as Layout['footer'],
      };
    }),
});
