/** /News and /News/{slug}. */
import { useLocation, useParams } from 'react-router';
import { isValidSlugParam } from '../../../shared/routes';
import { itemInput, useItemInput } from '../../app/itemInput';
import { canonicalRedirect, definePage } from '../../app/definePage';
import { pageInput, validPage } from '../../app/listParams';
import { fieldList, withFields } from '../../app/listFields';
import { Article } from '../../components/Article';
import { PageHeader } from '../../components/PageHeader';
import { NewsCards } from '../../components/NewsCards';
import { PageMeta } from '../../components/PageMeta';
import { useHeadSource } from '../../lib/head/useHeadSource';
import { Pagination } from '../../components/Pagination';
import { machineDate } from '../../../shared/dates';
import { trpc } from '../../lib/trpc';
import { useFormats } from '../../lib/formats';

/** A page of /News with only what the cards show (no tags). */
const newsListInput = (search: URLSearchParams | string) => ({
  ...pageInput(search),
  fields: fieldList('title', 'slug', 'summary', 'cover', 'date'),
});

export const newsListPage = definePage({
  path: '/News',
  validate: validPage,
  prefetch: (utils, { url }) => utils.news.list.ensureData(newsListInput(url.searchParams)),
  Component: function NewsList() {
    const { search } = useLocation();
    const input = newsListInput(search);
    const list = withFields(trpc.news.list.useSuspenseQuery(input)[0], input.fields);
    return (
      <>
        <PageMeta
          page={list.page}
          title="Новини"
          description="Новини Українського гідрометеорологічного інституту: події, семінари, нові дані та публікації."
        />
        <PageHeader title="Новини" crumbs={[{ label: 'Новини' }]} />
        <NewsCards items={list.items} label="Новини" priorityFirst headingLevel={2} empty="Новин поки немає." />
        <Pagination page={list.page} pageCount={list.pageCount} />
      </>
    );
  },
});

export const newsItemPage = definePage({
  path: '/News/:id',
  validate: ({ params }) => isValidSlugParam(params.id),
  prefetch: async (utils, { params, url }) =>
    canonicalRedirect(url, (await utils.news.get.ensureData(itemInput(params.id!, url.searchParams))).publicPath),
  Component: function NewsItem() {
    const formats = useFormats();
    const { id } = useParams();
    const [item] = trpc.news.get.useSuspenseQuery(useItemInput(id!));
    useHeadSource('page', { kind: 'news', item });
    return (
      <>
        <PageMeta title={item.title} description={item.summary} image={item.cover} type="article" />
        <PageHeader title={item.title} crumbs={[{ label: 'Новини', to: '/News' }, { label: item.title }]}>
          <p className="page-meta">
            <time dateTime={machineDate(item.date)}>{formats.dateTime(item.date)}</time>
            {item.tags.length > 0 && <span className="tags"> · {item.tags.join(', ')}</span>}
          </p>
        </PageHeader>
        <Article cover={item.cover} body={item.body} attachments={item.attachments} />
      </>
    );
  },
});
