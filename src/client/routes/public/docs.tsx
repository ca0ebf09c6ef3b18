/** /docs and /docs/{slug}: official documents, filterable by kind. */
import { useLocation, useParams } from 'react-router';
import { DOC_KINDS } from '../../../shared/content/constants';
import { isValidSlugParam } from '../../../shared/routes';
import { itemInput, useItemInput } from '../../app/itemInput';
import { canonicalRedirect, definePage } from '../../app/definePage';
import { kindFilter } from '../../app/kindFilter';
import { Article, Facts } from '../../components/Article';
import { Card, CardList } from '../../components/Cards';
import { KindFilterBar } from '../../components/KindFilterBar';
import { PageHeader } from '../../components/PageHeader';
import { PageMeta } from '../../components/PageMeta';
import { Pagination } from '../../components/Pagination';
import { machineDate } from '../../../shared/dates';
import { trpc } from '../../lib/trpc';
import { useFormats } from '../../lib/formats';

const byKind = kindFilter(DOC_KINDS);

export const docsListPage = definePage({
  path: '/docs',
  validate: byKind.validate,
  prefetch: (utils, { url }) => utils.docs.list.ensureData(byKind.listInput(url.searchParams)),
  Component: function DocsList() {
    const formats = useFormats();
    const { search } = useLocation();
    const params = new URLSearchParams(search);
    const [list] = trpc.docs.list.useSuspenseQuery(byKind.listInput(params));
    const current = params.get('kind');
    return (
      <>
        <PageMeta
          title="Документи"
          page={list.page}
          description="Накази, положення, звіти та інші офіційні документи інституту."
        />
        <PageHeader title="Документи" crumbs={[{ label: 'Документи' }]} />
        <KindFilterBar path="/docs" kinds={DOC_KINDS} current={current} label="Вид документа" />
        <CardList label="Документи" headingLevel={2} items={list.items} empty="Документів цього виду поки немає.">
          {(d) => (
            <Card
              key={d.id}
              to={`/docs/${d.slug}`}
              title={d.title}
              summary={d.summary}
              meta={
                <>
                  {DOC_KINDS[d.kind]}
                  {d.number ? ` № ${d.number}` : ''} ·{' '}
                  <time dateTime={machineDate(d.date)}>{formats.date(d.date)}</time>
                </>
              }
            />
          )}
        </CardList>
        <Pagination page={list.page} pageCount={list.pageCount} />
      </>
    );
  },
});

export const docItemPage = definePage({
  path: '/docs/:id',
  validate: ({ params }) => isValidSlugParam(params.id),
  prefetch: async (utils, { params, url }) =>
    canonicalRedirect(url, (await utils.docs.get.ensureData(itemInput(params.id!, url.searchParams))).publicPath),
  Component: function DocItem() {
    const formats = useFormats();
    const { id } = useParams();
    const [doc] = trpc.docs.get.useSuspenseQuery(useItemInput(id!));
    return (
      <>
        <PageMeta title={doc.title} description={doc.summary} />
        <PageHeader
          title={doc.title}
          crumbs={[{ label: 'Документи', to: '/docs' }, { label: doc.title }]}
          lead={doc.summary}
        />
        <Facts
          items={[
            ['Вид', DOC_KINDS[doc.kind]],
            ['Номер', doc.number],
            ['Дата', <time dateTime={doc.date}>{formats.date(doc.date)}</time>],
          ]}
        />
        <Article body={doc.body} attachments={doc.attachments} />
      </>
    );
  },
});
