/** Pages from the `pages` type: the fixed /COP29 and /msg/tethys, and /{slug}; plus the catch-all 404. */
import { useParams } from 'react-router';
import { FIXED_PAGE_SLUGS } from '../../../shared/content/constants';
import { isValidSlugParam } from '../../../shared/routes';
import { itemInput, useItemInput } from '../../app/itemInput';
import { canonicalRedirect, definePage, notFound } from '../../app/definePage';
import { Article } from '../../components/Article';
import { PageHeader } from '../../components/PageHeader';
import { PageMeta } from '../../components/PageMeta';
import { trpc } from '../../lib/trpc';

function PageView({ slug }: { slug: string }) {
  const [page] = trpc.pages.get.useSuspenseQuery(useItemInput(slug));
  return (
    <>
      <PageMeta title={page.title} description={page.summary} />
      <PageHeader title={page.title} crumbs={[{ label: page.title }]} lead={page.summary} />
      <Article cover={page.cover} body={page.body} attachments={page.attachments} />
    </>
  );
}

function fixedPage(path: string, slug: string) {
  return definePage({
    path,
    prefetch: (utils, { url }) => utils.pages.get.ensureData(itemInput(slug, url.searchParams)),
    Component: () => <PageView slug={slug} />,
  });
}

export const cop29Page = fixedPage('/COP29', FIXED_PAGE_SLUGS.cop29);
export const tethysPage = fixedPage('/msg/tethys', FIXED_PAGE_SLUGS.tethys);

/** The optional single-segment catch-all: a page with that slug, or the 404. */
export const slugPage = definePage({
  path: '/:slug',
  validate: ({ params }) => isValidSlugParam(params.slug),
  prefetch: async (utils, { params, url }) =>
    canonicalRedirect(url, (await utils.pages.get.ensureData(itemInput(params.slug!, url.searchParams))).publicPath),
  Component: function SlugPage() {
    const { slug } = useParams();
    return <PageView slug={slug!} />;
  },
});

/** Any other path: 404. */
export const unknownPage = definePage({
  path: '*',
  prefetch: (_utils, { url }) => notFound(url.pathname),
  Component: () => null,
});
