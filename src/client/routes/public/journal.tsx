/** /journal and /journal/{slug}: issues of «Метеорологія. Гідрологія. Моніторинг довкілля». */
import { useLocation, useParams } from 'react-router';
import { articleAnchor } from '../../../shared/head/text';
import { isValidSlugParam } from '../../../shared/routes';
import { itemInput, useItemInput } from '../../app/itemInput';
import { canonicalRedirect, definePage } from '../../app/definePage';
import { pageInput, validPage } from '../../app/listParams';
import { Article, Facts } from '../../components/Article';
import { Attachments } from '../../components/Attachments';
import { Card, CardList } from '../../components/Cards';
import { PageHeader } from '../../components/PageHeader';
import { PageMeta } from '../../components/PageMeta';
import { useHeadSource } from '../../lib/head/useHeadSource';
import { Pagination } from '../../components/Pagination';
import { useSharedStrings } from '../../lib/sharedStrings';
import { trpc } from '../../lib/trpc';

const JOURNAL_TITLE = '«Метеорологія. Гідрологія. Моніторинг довкілля»';

export const journalListPage = definePage({
  path: '/journal',
  validate: validPage,
  prefetch: (utils, { url }) => utils.journal.list.ensureData(pageInput(url.searchParams)),
  Component: function JournalList() {
    const { search } = useLocation();
    const [list] = trpc.journal.list.useSuspenseQuery(pageInput(search));
    return (
      <>
        <PageMeta
          title="Журнал"
          page={list.page}
          description={`Випуски наукового журналу ${JOURNAL_TITLE}: зміст, повні тексти.`}
        />
        <PageHeader
          title="Журнал"
          crumbs={[{ label: 'Журнал' }]}
          lead={`Науковий журнал ${JOURNAL_TITLE}: теоретична й прикладна метеорологія, кліматичні та гідрологічні дослідження, моніторинг води й повітря.`}
        />
        <CardList label="Випуски журналу" headingLevel={2} items={list.items} empty="Випусків поки немає.">
          {(j) => (
            <Card
              key={j.id}
              to={`/journal/${j.slug}`}
              title={j.title}
              image={j.cover}
              summary={j.summary}
              meta={`${j.year} · Том ${j.volume}, № ${j.number}`}
            />
          )}
        </CardList>
        <Pagination page={list.page} pageCount={list.pageCount} />
      </>
    );
  },
});

export const journalItemPage = definePage({
  path: '/journal/:id',
  validate: ({ params }) => isValidSlugParam(params.id),
  prefetch: async (utils, { params, url }) =>
    canonicalRedirect(url, (await utils.journal.get.ensureData(itemInput(params.id!, url.searchParams))).publicPath),
  Component: function JournalItem() {
    const { id } = useParams();
    const [issue] = trpc.journal.get.useSuspenseQuery(useItemInput(id!));
    const mark = useSharedStrings();
    useHeadSource('page', { kind: 'journalIssue', item: issue });
    return (
      <>
        <PageMeta
          title={issue.title}
          description={issue.summary || `${JOURNAL_TITLE}, ${issue.year}, том ${issue.volume}, № ${issue.number}`}
          image={issue.cover}
        />
        <PageHeader
          title={issue.title}
          crumbs={[{ label: 'Журнал', to: '/journal' }, { label: issue.title }]}
          lead={issue.summary}
        />
        <Facts
          items={[
            ['Рік', String(issue.year)],
            ['Том', String(issue.volume)],
            ['Номер', String(issue.number)],
          ]}
        />
        <Article cover={issue.cover} body={issue.body}>
          {issue.toc.length > 0 && (
            <section aria-labelledby="toc-title">
              <h2 id="toc-title">Зміст</h2>
              <ol className="toc">
                {issue.toc.map((entry, i) => (
                  <li key={`${entry.title}-${i}`} id={articleAnchor(i + 1)}>
                    <span className="toc-title" data-s={mark('t', entry.title)}>
                      {entry.title}
                    </span>
                    {entry.authors.length > 0 && (
                      <span className="authors"> — {entry.authors.map((a) => a.name).join(', ')}</span>
                    )}
                    {entry.pages ? <span className="pages">, с. {entry.pages}</span> : null}
                    {entry.doi ? (
                      <>
                        {' '}
                        · <a href={`https://doi.org/${entry.doi}`}>DOI: {entry.doi}</a>
                      </>
                    ) : null}
                  </li>
                ))}
              </ol>
            </section>
          )}
        </Article>
        <Attachments files={issue.pdf ? [issue.pdf] : []} title="Повний текст випуску" />
      </>
    );
  },
});
