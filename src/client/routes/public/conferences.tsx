/** /conf, /conf/{slug} (with its theses) and /conf/{slug}/{thesis}. */
import { Fragment } from 'react';
import { useLocation, useParams } from 'react-router';
import { Link } from 'react-router';
import { langOf } from '../../../shared/content/language';
import { isValidSlugParam } from '../../../shared/routes';
import { itemInput, useItemInput } from '../../app/itemInput';
import { canonicalRedirect, definePage, notFound } from '../../app/definePage';
import { pageInput, validPage } from '../../app/listParams';
import { fieldList, withFields } from '../../app/listFields';
import { Article, Facts } from '../../components/Article';
import { Attachments } from '../../components/Attachments';
import { Card, CardList, EmptyState, metaLine } from '../../components/Cards';
import { PageHeader } from '../../components/PageHeader';
import { CiteLinks } from '../../components/CiteLinks';
import { EventLinks } from '../../components/EventLinks';
import { PageMeta } from '../../components/PageMeta';
import { useHeadSource } from '../../lib/head/useHeadSource';
import { Pagination } from '../../components/Pagination';
import { useSharedStrings } from '../../lib/sharedStrings';
import { trpc } from '../../lib/trpc';
import { useFormats } from '../../lib/formats';

/** Theses per page of a conference's programme; a larger programme continues on `?page=2`. */
const THESES_PER_PAGE = 100;
// What the programme shows of each thesis, and the language its title is in (`lang`); not its
// conference or position: the list is in programme order.
const thesesInput = (conferenceId: string, search: URLSearchParams | string) => ({
  filter: { conferenceId },
  sort: 'programme' as const,
  limit: THESES_PER_PAGE,
  page: pageInput(search).page,
  fields: fieldList('title', 'slug', 'authors', 'section', 'language'),
});

export const confListPage = definePage({
  path: '/conf',
  validate: validPage,
  prefetch: (utils, { url }) => utils.conferences.list.ensureData(pageInput(url.searchParams)),
  Component: function ConferenceList() {
    const formats = useFormats();
    const { search } = useLocation();
    const [list] = trpc.conferences.list.useSuspenseQuery(pageInput(search));
    return (
      <>
        <PageMeta
          page={list.page}
          title="Конференції"
          description="Наукові конференції інституту: програми, тези доповідей, матеріали."
        />
        <PageHeader title="Конференції" crumbs={[{ label: 'Конференції' }]} />
        <CardList label="Конференції" headingLevel={2} items={list.items} empty="Конференцій поки немає.">
          {(c, i) => (
            <Card
              key={c.id}
              to={`/conf/${c.slug}`}
              title={c.title}
              summary={c.summary}
              image={c.cover}
              imagePriority={i === 0}
              meta={metaLine(formats.dateRange(c.startDate, c.endDate), c.location)}
            />
          )}
        </CardList>
        <Pagination page={list.page} pageCount={list.pageCount} />
      </>
    );
  },
});

export const confItemPage = definePage({
  path: '/conf/:id',
  validate: (args) => isValidSlugParam(args.params.id) && validPage(args),
  prefetch: async (utils, { params, url }) => {
    const conf = await utils.conferences.get.ensureData(itemInput(params.id!, url.searchParams));
    canonicalRedirect(url, conf.publicPath);
    await utils.theses.list.ensureData(thesesInput(conf.id, url.searchParams));
  },
  Component: function ConferenceItem() {
    const formats = useFormats();
    const { id } = useParams();
    const { search } = useLocation();
    const [conf] = trpc.conferences.get.useSuspenseQuery(useItemInput(id!));
    const input = thesesInput(conf.id, search);
    const theses = withFields(trpc.theses.list.useSuspenseQuery(input)[0], input.fields);
    const mark = useSharedStrings();
    useHeadSource('page', { kind: 'conference', item: conf });
    return (
      <>
        <PageMeta title={conf.title} page={theses.page} description={conf.summary} image={conf.cover} />
        <PageHeader
          title={conf.title}
          crumbs={[{ label: 'Конференції', to: '/conf' }, { label: conf.title }]}
          lead={conf.summary}
        />
        <Facts
          items={[
            ['Дати', formats.dateRange(conf.startDate, conf.endDate)],
            ['Місце', conf.location],
            ['Організатори', conf.organizers],
            ['Подання тез до', conf.submissionDeadline ? formats.date(conf.submissionDeadline) : ''],
            ['Реєстрація', conf.registrationUrl ? <a href={conf.registrationUrl}>Форма реєстрації</a> : ''],
          ]}
        />
        <EventLinks page={`/conf/${conf.slug}`} book={theses.total > 0 ? conf.slug : null} />
        <Article cover={conf.cover} body={conf.body} attachments={conf.attachments} />
        <section aria-labelledby="theses-title">
          <h2 id="theses-title">Тези доповідей</h2>
          {theses.items.length ? (
            <ol className="theses-list" start={(theses.page - 1) * THESES_PER_PAGE + 1}>
              {theses.items.map((t) => (
                <li key={t.id}>
                  <Link
                    to={`/conf/${conf.slug}/${t.slug}`}
                    lang={langOf('theses', t, 'title')}
                    data-s={mark('t', t.title)}
                  >
                    {t.title}
                  </Link>
                  <span className="authors">
                    {' — '}
                    {t.authors.map((a, i) => (
                      <Fragment key={i}>
                        {i > 0 ? ', ' : ''}
                        <span data-s={mark('t', a.name)}>{a.name}</span>
                      </Fragment>
                    ))}
                  </span>
                  {t.section ? (
                    <span className="section">
                      {' ('}
                      <span data-s={mark('t', t.section)}>{t.section}</span>)
                    </span>
                  ) : null}
                </li>
              ))}
            </ol>
          ) : (
            <EmptyState>Тези ще не опубліковано.</EmptyState>
          )}
          <Pagination page={theses.page} pageCount={theses.pageCount} />
        </section>
      </>
    );
  },
});

/** What a thesis page uses of its conference: the title and the link, and for its head tags the start date and cover. */
const parentInput = (input: { idOrSlug: string; preview?: true }) => ({
  ...input,
  fields: ['title', 'slug', 'startDate', 'cover'],
});

export const thesisPage = definePage({
  path: '/conf/:id/:thesisId',
  validate: ({ params }) => isValidSlugParam(params.id) && isValidSlugParam(params.thesisId),
  prefetch: async (utils, { params, url }) => {
    const [conf, thesis] = await Promise.all([
      utils.conferences.get.ensureData(parentInput(itemInput(params.id!, url.searchParams))),
      utils.theses.get.ensureData(itemInput(params.thesisId!, url.searchParams)),
    ]);
    // A thesis is only found under its own conference.
    if (thesis.conferenceId !== conf.id) notFound(url.pathname);
    canonicalRedirect(url, conf.publicPath && `${conf.publicPath}/${thesis.slug || thesis.id}`);
  },
  Component: function ThesisItem() {
    const { id, thesisId } = useParams();
    const [conf] = trpc.conferences.get.useSuspenseQuery(parentInput(useItemInput(id!)));
    const [thesis] = trpc.theses.get.useSuspenseQuery(useItemInput(thesisId!));
    const mark = useSharedStrings();
    useHeadSource('page', { kind: 'thesis', item: thesis, conference: conf });
    return (
      <>
        <PageMeta title={thesis.title} context={conf.title} description={thesis.summary} type="article" />
        <PageHeader
          title={thesis.title}
          lang={langOf('theses', thesis, 'title')}
          crumbs={[
            { label: 'Конференції', to: '/conf' },
            { label: conf.title, to: `/conf/${conf.slug}` },
            { label: thesis.title },
          ]}
        />
        <ul className="author-list" aria-label="Автори">
          {thesis.authors.map((a) => (
            <li key={a.name}>
              <strong>{a.name}</strong>
              {a.affiliation ? (
                <>
                  {' — '}
                  <span data-s={mark('t', a.affiliation)}>{a.affiliation}</span>
                </>
              ) : null}
            </li>
          ))}
        </ul>
        <Facts
          items={[
            ['Секція', thesis.section],
            [
              'Ключові слова',
              thesis.keywords.length ? (
                <span lang={langOf('theses', thesis, 'keywords')}>{thesis.keywords.join(', ')}</span>
              ) : (
                ''
              ),
            ],
          ]}
        />
        <Article body={thesis.body} lang={langOf('theses', thesis, 'body')} />
        <Attachments files={thesis.pdf ? [thesis.pdf] : []} title="Повний текст" />
        <CiteLinks type="theses" slug={thesis.slug} title={thesis.title} />
        <p>
          <Link to={`/conf/${conf.slug}`}>← До програми конференції</Link>
        </p>
      </>
    );
  },
});
