/** /publications and /publications/{slug}. */
import { useActionData, useLocation, useParams } from 'react-router';
import { PUBLICATION_KINDS } from '../../../shared/content/constants';
import { langOf } from '../../../shared/content/language';
import { journalReference } from '../../../shared/head/text';
import { isValidSlugParam } from '../../../shared/routes';
import { itemInput, useItemInput } from '../../app/itemInput';
import { canonicalRedirect, definePage } from '../../app/definePage';
import { kindFilter } from '../../app/kindFilter';
import { Article, Facts } from '../../components/Article';
import { BookOrderForm } from '../../components/BookOrderForm';
import { bookOrderAction } from '../../components/bookOrderSubmit';
import { Card, CardList, metaLine } from '../../components/Cards';
import { KindFilterBar } from '../../components/KindFilterBar';
import { PageHeader } from '../../components/PageHeader';
import { CiteLinks } from '../../components/CiteLinks';
import { PageMeta } from '../../components/PageMeta';
import { useHeadSource } from '../../lib/head/useHeadSource';
import { Pagination } from '../../components/Pagination';
import { trpc } from '../../lib/trpc';

const byKind = kindFilter(PUBLICATION_KINDS);

export const publicationsListPage = definePage({
  path: '/publications',
  validate: byKind.validate,
  prefetch: (utils, { url }) => utils.publications.list.ensureData(byKind.listInput(url.searchParams)),
  Component: function PublicationsList() {
    const { search } = useLocation();
    const params = new URLSearchParams(search);
    const [list] = trpc.publications.list.useSuspenseQuery(byKind.listInput(params));
    const current = params.get('kind');
    return (
      <>
        <PageMeta
          page={list.page}
          title="Публікації"
          description="Монографії, настанови, збірники наукових праць, атласи та набори даних інституту."
        />
        <PageHeader title="Публікації" crumbs={[{ label: 'Публікації' }]} />
        <KindFilterBar path="/publications" kinds={PUBLICATION_KINDS} current={current} label="Вид публікації" />
        <CardList label="Публікації" headingLevel={2} items={list.items} empty="Публікацій цього виду поки немає.">
          {(p) => (
            <Card
              key={p.id}
              to={`/publications/${p.slug}`}
              title={p.title}
              image={p.cover}
              summary={p.summary}
              lang={langOf('publications', p, 'title')}
              meta={metaLine(PUBLICATION_KINDS[p.kind], String(p.year), p.authors.join(', '))}
            />
          )}
        </CardList>
        <Pagination page={list.page} pageCount={list.pageCount} />
      </>
    );
  },
});

export const publicationItemPage = definePage({
  path: '/publications/:id',
  validate: ({ params }) => isValidSlugParam(params.id),
  prefetch: async (utils, { params, url }) =>
    canonicalRedirect(
      url,
      (await utils.publications.get.ensureData(itemInput(params.id!, url.searchParams))).publicPath,
    ),
  // The book-order form posted without JavaScript.
  action: bookOrderAction,
  Component: function PublicationItem() {
    const { id } = useParams();
    const [p] = trpc.publications.get.useSuspenseQuery(useItemInput(id!));
    useHeadSource('page', { kind: 'publication', item: p });
    // A posted order comes back with its answer even when the publication can no longer be ordered.
    const posted = useActionData() !== undefined;
    return (
      <>
        <PageMeta title={p.title} description={p.summary} image={p.cover} type="article" />
        <PageHeader
          title={p.title}
          lang={langOf('publications', p, 'title')}
          crumbs={[{ label: 'Публікації', to: '/publications' }, { label: p.title }]}
          lead={p.summary}
        />
        <Facts
          items={[
            ['Вид', PUBLICATION_KINDS[p.kind]],
            ['Автори', p.authors.join(', ')],
            ['Рік', String(p.year)],
            [
              'Журнал',
              p.journalTitle ? <span lang={langOf('publications', p, 'journalTitle')}>{journalReference(p)}</span> : '',
            ],
            [
              'Видавництво',
              p.publisher ? <span lang={langOf('publications', p, 'publisher')}>{p.publisher}</span> : '',
            ],
            ['Сторінок', p.pages ? String(p.pages) : ''],
            ['ISBN', p.isbn],
            ['DOI', p.doi ? <a href={`https://doi.org/${p.doi}`}>{p.doi}</a> : ''],
            ['Посилання', p.url ? <a href={p.url}>{p.url}</a> : ''],
          ]}
        />
        <Article cover={p.cover} body={p.body} attachments={p.attachments} />
        <CiteLinks type="publications" slug={p.slug} title={p.title} />
        {p.orderable || posted ? <BookOrderForm publicationId={p.id} title={p.title} /> : null}
      </>
    );
  },
});
