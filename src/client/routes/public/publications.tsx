/** /publications and /publications/{slug}. */
import { Link, useLocation, useParams } from 'react-router';
import { PUBLICATION_KINDS } from '../../../shared/content/constants';
import { isValidSlugParam } from '../../../shared/routes';
import { itemInput, useItemInput } from '../../app/itemInput';
import { definePage, type PageArgs } from '../../app/definePage';
import { pageInput, validPage } from '../../app/listParams';
import { Article, Facts } from '../../components/Article';
import { BookOrderForm } from '../../components/BookOrderForm';
import { Card, CardList, EmptyState } from '../../components/Cards';
import { PageHeader } from '../../components/PageHeader';
import { PageMeta } from '../../components/PageMeta';
import { Pagination } from '../../components/Pagination';
import { trpc } from '../../lib/trpc';

type Kind = keyof typeof PUBLICATION_KINDS;
const isKind = (v: string | null): v is Kind => v !== null && Object.prototype.hasOwnProperty.call(PUBLICATION_KINDS, v);

function listInput(search: URLSearchParams) {
  const kind = search.get('kind');
  return { ...pageInput(search), ...(isKind(kind) ? { filter: { kind } } : {}) };
}

export const publicationsListPage = definePage({
  path: '/publications',
  validate: (args: PageArgs) => validPage(args) && (!args.url.searchParams.has('kind') || isKind(args.url.searchParams.get('kind'))),
  prefetch: (utils, { url }) => utils.publications.list.ensureData(listInput(url.searchParams)),
  Component: function PublicationsList() {
    const { search } = useLocation();
    const params = new URLSearchParams(search);
    const [list] = trpc.publications.list.useSuspenseQuery(listInput(params));
    const current = params.get('kind');
    return (
      <>
        <PageMeta title="Публікації" description="Монографії, настанови, збірники наукових праць, атласи та набори даних інституту." />
        <PageHeader title="Публікації" crumbs={[{ label: 'Публікації' }]} />
        <nav className="filter-bar" aria-label="Вид публікації">
          <Link to="/publications" aria-current={!current ? 'page' : undefined}>
            Усі
          </Link>
          {(Object.keys(PUBLICATION_KINDS) as Kind[]).map((k) => (
            <Link key={k} to={`/publications?kind=${k}`} aria-current={current === k ? 'page' : undefined}>
              {PUBLICATION_KINDS[k]}
            </Link>
          ))}
        </nav>
        {list.items.length ? (
          <CardList label="Публікації">
            {list.items.map((p) => (
              <Card
                key={p.id}
                to={`/publications/${p.slug}`}
                title={p.title}
                image={p.cover}
                summary={p.summary}
                meta={[PUBLICATION_KINDS[p.kind], String(p.year), p.authors.join(', ')].filter(Boolean).join(' · ')}
              />
            ))}
          </CardList>
        ) : (
          <EmptyState>Публікацій цього виду поки немає.</EmptyState>
        )}
        <Pagination page={list.page} pageCount={list.pageCount} />
      </>
    );
  },
});

export const publicationItemPage = definePage({
  path: '/publications/:id',
  validate: ({ params }) => isValidSlugParam(params.id),
  prefetch: (utils, { params, url }) => utils.publications.get.ensureData(itemInput(params.id!, url.searchParams)),
  Component: function PublicationItem() {
    const { id } = useParams();
    const [p] = trpc.publications.get.useSuspenseQuery(useItemInput(id!));
    return (
      <>
        <PageMeta title={p.title} description={p.summary} />
        <PageHeader title={p.title} crumbs={[{ label: 'Публікації', to: '/publications' }, { label: p.title }]} lead={p.summary} />
        <Facts
          items={[
            ['Вид', PUBLICATION_KINDS[p.kind]],
            ['Автори', p.authors.join(', ')],
            ['Рік', String(p.year)],
            ['Видавництво', p.publisher],
            ['Сторінок', p.pages ? String(p.pages) : ''],
            ['ISBN', p.isbn],
            ['DOI', p.doi ? <a href={`https://doi.org/${p.doi}`}>{p.doi}</a> : ''],
            ['Посилання', p.url ? <a href={p.url}>{p.url}</a> : ''],
          ]}
        />
        <Article cover={p.cover} body={p.body} attachments={p.attachments} />
        {p.orderable ? <BookOrderForm publicationId={p.id} title={p.title} /> : null}
      </>
    );
  },
});
