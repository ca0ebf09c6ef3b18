/** The home page: latest news, upcoming trainings and conferences, the data repository, departments. */
import { useLoaderData } from 'react-router';
import { Link } from 'react-router';
import { definePage } from '../../app/definePage';
import { fieldList, withFields } from '../../app/listFields';
import type { ReactNode } from 'react';
import { Card, CardList, metaLine } from '../../components/Cards';
import { DatasetCard } from '../../components/dataset/DatasetCard';
import { NewsCards } from '../../components/NewsCards';
import { PageMeta, SITE_DEFAULT_DESCRIPTION } from '../../components/PageMeta';
import { todayInKyiv } from '../../../shared/dates';
import { useSharedStrings } from '../../lib/sharedStrings';
import { useServerHead } from '../../lib/head/useHeadSource';
import { trpc } from '../../lib/trpc';
import { useFormats } from '../../lib/formats';

// Only what the home page shows of each list (the list pages show more): the lists are also the page's state.
// Read as page 1 (not by cursor): the answer then carries no cursor for a next page the home page never asks for.
const newsInput = { page: 1, limit: 3, fields: fieldList('title', 'slug', 'summary', 'cover', 'date') };
const upcoming = <F extends string>(today: string, fields: F[]) => ({
  sort: 'upcoming' as const,
  range: { field: 'endDate', gte: today },
  limit: 3,
  fields,
});
const upcomingTrainings = (today: string) =>
  upcoming(today, fieldList('title', 'slug', 'summary', 'startDate', 'endDate'));
const upcomingConferences = (today: string) =>
  upcoming(today, fieldList('title', 'slug', 'summary', 'startDate', 'endDate', 'location'));
// A few datasets and departments; «Усі …» leads to their paginated lists.
const repoInput = { page: 1, limit: 6, fields: fieldList('title', 'slug', 'summary', 'datasetVersion') };
const departmentsInput = { page: 1, limit: 12, fields: fieldList('title', 'slug') };
// The institute's address and contact points for its Organization structured data (at most 20),
// which only crawlers read: the server writes it (`serverHead`), and it is not part of the page's state.
const contactsInput = { limit: 20, fields: fieldList('title', 'address', 'phones', 'email') };

/** A section of the home page: its heading (`id`) with a link to the whole list (`to`), then `children`. */
function HomeSection({
  id,
  title,
  to,
  linkLabel,
  className,
  children,
}: {
  id: string;
  title: string;
  to: string;
  linkLabel: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <div className="section-heading">
        <h2 id={id}>{title}</h2>
        <Link to={to}>{linkLabel} →</Link>
      </div>
      {children}
    </section>
  );
}

export const homePage = definePage({
  path: '/',
  loaderData: () => ({ today: todayInKyiv() }),
  prefetch: async (utils, _args, { today }) => {
    await Promise.all([
      utils.news.list.ensureData(newsInput),
      utils.trainings.list.ensureData(upcomingTrainings(today)),
      utils.conferences.list.ensureData(upcomingConferences(today)),
      utils.dataRepo.list.ensureData(repoInput),
      utils.departments.list.ensureData(departmentsInput),
    ]);
  },
  serverHead: async (client) => ({
    organization: {
      kind: 'organization',
      contacts: withFields(await client.contacts.list.query(contactsInput), contactsInput.fields).items,
    },
  }),
  Component: function Home() {
    const formats = useFormats();
    const { today } = useLoaderData<{ today: string }>();
    const trainingsInput = upcomingTrainings(today);
    const conferencesInput = upcomingConferences(today);
    const news = withFields(trpc.news.list.useSuspenseQuery(newsInput)[0], newsInput.fields);
    const trainings = withFields(trpc.trainings.list.useSuspenseQuery(trainingsInput)[0], trainingsInput.fields);
    const conferences = withFields(
      trpc.conferences.list.useSuspenseQuery(conferencesInput)[0],
      conferencesInput.fields,
    );
    const repo = withFields(trpc.dataRepo.list.useSuspenseQuery(repoInput)[0], repoInput.fields);
    const departments = withFields(
      trpc.departments.list.useSuspenseQuery(departmentsInput)[0],
      departmentsInput.fields,
    );
    const mark = useSharedStrings();
    useServerHead('organization');
    return (
      <>
        <PageMeta title="" description={SITE_DEFAULT_DESCRIPTION} />
        <section className="hero" aria-labelledby="hero-title">
          <h1 id="hero-title">Український гідрометеорологічний інститут</h1>
          <p className="lead">
            Науково-дослідна установа ДСНС України та НАН України: дослідження клімату, гідрології, агрометеорології,
            морської гідрометеорології та стану довкілля, методичне забезпечення гідрометеорологічних спостережень.
          </p>
          <p className="hero-links">
            <Link className="button" to="/data_repo">
              Репозитарій даних
            </Link>
            <Link className="button button-secondary" to="/Departments">
              Наукові підрозділи
            </Link>
          </p>
        </section>

        <HomeSection id="home-news" title="Останні новини" to="/News" linkLabel="Усі новини">
          <NewsCards items={news.items} label="Останні новини" priorityFirst empty="Новин поки немає." />
        </HomeSection>

        <div className="two-columns">
          <HomeSection id="home-trainings" title="Найближчі навчання" to="/Trainings" linkLabel="Усі навчання">
            <CardList label="Найближчі навчання" items={trainings.items} empty="Найближчих навчань не заплановано.">
              {(t) => (
                <Card
                  key={t.id}
                  to={`/Trainings#${t.slug}`}
                  title={t.title}
                  meta={formats.dateRange(t.startDate, t.endDate)}
                  summary={t.summary}
                />
              )}
            </CardList>
          </HomeSection>
          <HomeSection id="home-conf" title="Конференції" to="/conf" linkLabel="Усі конференції">
            <CardList
              label="Найближчі конференції"
              items={conferences.items}
              empty="Найближчих конференцій не заплановано."
            >
              {(c) => (
                <Card
                  key={c.id}
                  to={`/conf/${c.slug}`}
                  title={c.title}
                  meta={metaLine(formats.dateRange(c.startDate, c.endDate), c.location)}
                  summary={c.summary}
                />
              )}
            </CardList>
          </HomeSection>
        </div>

        <HomeSection
          id="home-repo"
          title="Репозитарій кліматичних даних"
          to="/data_repo"
          linkLabel="Усі набори даних"
          className="band"
        >
          <CardList label="Набори даних" items={repo.items}>
            {(d) => <DatasetCard key={d.id} d={d} />}
          </CardList>
        </HomeSection>

        <HomeSection id="home-deps" title="Наукові підрозділи" to="/Departments" linkLabel="Усі підрозділи">
          <ul className="chip-list">
            {departments.items.map((d) => (
              <li key={d.id}>
                <Link to={`/Departments/${d.slug}`} data-s={mark('t', d.title)}>
                  {d.title}
                </Link>
              </li>
            ))}
          </ul>
        </HomeSection>
      </>
    );
  },
});
