/** /docs and /docs/{slug}: official documents, filterable by kind. */
import { Link, useLocation, useParams } from 'react-router';
import { DOC_KINDS } from '../../../shared/content/constants';
import { isValidSlugParam } from '../../../shared/routes';
import { itemInput, useItemInput } from '../../app/itemInput';
import { definePage, type PageArgs } from '../../app/definePage';
import { pageInput, validPage } from '../../app/listParams';
import { Article, Facts } from '../../components/Article';
import { Card, CardList, EmptyState } from '../../components/Cards';
import { PageHeader } from '../../components/PageHeader';
import { PageMeta } from '../../components/PageMeta';
import { Pagination } from '../../components/Pagination';
import { formatDate, machineDate } from '../../lib/dates';
import { trpc } from '../../lib/trpc';

type DocKind = keyof typeof DOC_KINDS;
const isKind = (v: string | null): v is DocKind => v !== null && Object.prototype.hasOwnProperty.call(DOC_KINDS, v);

function listInput(search: URLSearchParams) {
  const kind = search.get('kind');
  return { ...pageInput(search), ...(isKind(kind) ? { filter: { kind } } : {}) };
}

export const docsListPage = definePage({
  path: '/docs',
  validate: (args: PageArgs) => validPage(args) && (!args.url.searchParams.has('kind') || isKind(args.url.searchParams.get('kind'))),
  prefetch: (utils, { url }) => utils.docs.list.ensureData(listInput(url.searchParams)),
  Component: function DocsList() {
    const { search } = useLocation();
    const params = new URLSearchParams(search);
    const [list] = trpc.docs.list.useSuspenseQuery(listInput(params));
    const current = params.get('kind');
    return (
      <>
        <PageMeta title="Документи" description="Накази, положення, звіти та інші офіційні документи інституту." />
        <PageHeader title="Документи" crumbs={[{ label: 'Документи' }]} />
        <nav className="filter-bar" aria-label="Вид документа">
          <Link to="/docs" aria-current={!current ? 'page' : undefined}>
            Усі
          </Link>
          {(Object.keys(DOC_KINDS) as DocKind[]).map((k) => (
            <Link key={k} to={`/docs?kind=${k}`} aria-current={current === k ? 'page' : undefined}>
              {DOC_KINDS[k]}
            </Link>
          ))}
        </nav>
        {list.items.length ? (
          <CardList label="Документи">
            {list.items.map((d) => (
              <Card
                key={d.id}
                to={`/docs/${d.slug}`}
                title={d.title}
                summary={d.summary}
                meta={
                  <>
                    {DOC_KINDS[d.kind]}
                    {d.number ? ` № ${d.number}` : ''} · <time dateTime={machineDate(d.date)}>{formatDate(d.date)}</time>
                  </>
                }
              />
            ))}
          </CardList>
        ) : (
          <EmptyState>Документів цього виду поки немає.</EmptyState>
        )}
        <Pagination page={list.page} pageCount={list.pageCount} />
      </>
    );
  },
});

export const docItemPage = definePage({
  path: '/docs/:id',
  validate: ({ params }) => isValidSlugParam(params.id),
  prefetch: (utils, { params, url }) => utils.docs.get.ensureData(itemInput(params.id!, url.searchParams)),
  Component: function DocItem() {
    const { id } = useParams();
    const [doc] = trpc.docs.get.useSuspenseQuery(useItemInput(id!));
    return (
      <>
        <PageMeta title={doc.title} description={doc.summary} />
        <PageHeader title={doc.title} crumbs={[{ label: 'Документи', to: '/docs' }, { label: doc.title }]} lead={doc.summary} />
        <Facts
          items={[
            ['Вид', DOC_KINDS[doc.kind]],
            ['Номер', doc.number],
            ['Дата', <time dateTime={doc.date}>{formatDate(doc.date)}</time>],
          ]}
        />
        <Article body={doc.body} attachments={doc.attachments} />
      </>
    );
  },
});
