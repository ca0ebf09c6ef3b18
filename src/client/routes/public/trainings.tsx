/**
 * /Trainings: upcoming trainings first, then past ones; each entry is an anchor (`#slug`). `?page=N`
 * pages both lists at once, LIST_PAGE_SIZE each (page N shows the Nth page of each list that has
 * one); the page count is the longer list's, and a page past it is a 404, as on the other lists.
 */
import { Fragment } from 'react';
import { redirect, useLoaderData, useLocation } from 'react-router';
import type { PublicListItemFor } from '../../../shared/content/registry';
import { TRAINING_FORMATS } from '../../../shared/content/constants';
import { definePage, notFound } from '../../app/definePage';
import { pageInput, validPage } from '../../app/listParams';
import { Attachments } from '../../components/Attachments';
import { Card, CardList } from '../../components/Cards';
import { EventLinks } from '../../components/EventLinks';
import { PageHeader } from '../../components/PageHeader';
import { PageMeta } from '../../components/PageMeta';
import { Pagination } from '../../components/Pagination';
import { useHeadSource } from '../../lib/head/useHeadSource';
import { RichText } from '../../components/RichText';
import { todayInKyiv } from '../../../shared/dates';
import { listItemHref, trainingPermalink } from '../../../shared/routes';
import { trainingListQuery, type TrainingList } from '../../../shared/content/trainingLists';
import { formatsOf, useFormats, type Formats } from '../../lib/formats';
import { trpc } from '../../lib/trpc';

type Which = TrainingList;
const listQuery = trainingListQuery;

/** How many trainings a list has (one slug read, for its total). */
const countInput = (which: Which, today: string) => ({ ...listQuery(which, today), limit: 1, fields: ['slug'] });

/** The Nth page of a list. */
const pageOf = (which: Which, today: string, page: number, limit: number) => ({
  ...listQuery(which, today),
  page,
  limit,
});

/**
 * The lists that have page `page` (given each list's total) and the page count; null when the page
 * is past the last (page 1 always exists, its lists possibly empty).
 */
export function trainingPages(
  page: number,
  limit: number,
  totals: Record<Which, number>,
): { lists: Which[]; pageCount: number } | null {
  const pages = (which: Which) => Math.max(1, Math.ceil(totals[which] / limit));
  const pageCount = Math.max(pages('upcoming'), pages('past'));
  if (page > pageCount) return null;
  return { lists: (['upcoming', 'past'] as const).filter((w) => page <= pages(w)), pageCount };
}

/** A training as the /Trainings list sends it. */
type Training = PublicListItemFor<'trainings'>;

/** «8–9 грудня 2026 р. · Онлайн · Zoom»: dates, format, and the place unless it only repeats the format. */
export function trainingMeta(
  t: Pick<Training, 'startDate' | 'endDate' | 'format' | 'location'>,
  formats: Formats = formatsOf(undefined),
): string {
  const format = TRAINING_FORMATS[t.format];
  const place = t.location?.trim();
  const parts = [formats.dateRange(t.startDate, t.endDate), format];
  if (place && place.toLocaleLowerCase('uk') !== format.toLocaleLowerCase('uk')) parts.push(place);
  return parts.join(' · ');
}

function TrainingCard({ t, priority = false }: { t: Training; priority?: boolean }) {
  const formats = useFormats();
  return (
    <Card
      id={t.slug}
      image={t.cover}
      imagePriority={priority}
      title={t.title}
      meta={trainingMeta(t, formats)}
      summary={t.summary}
    >
      {t.audience ? (
        <p>
          <strong>Для кого:</strong> {t.audience}
        </p>
      ) : null}
      <RichText html={t.body} />
      {t.registrationUrl ? (
        <p>
          <a className="button" href={t.registrationUrl}>
            Зареєструватися<span className="visually-hidden">: {t.title}</span>
          </a>
        </p>
      ) : null}
      <EventLinks page={trainingPermalink(t.slug)} of={t.title} />
      <Attachments files={t.attachments} title="Матеріали" level={3} of={t.title} />
    </Card>
  );
}

const LISTS: Record<Which, { heading: string; label: string; empty: string }> = {
  upcoming: {
    heading: 'Найближчі',
    label: 'Найближчі навчання',
    empty: 'Найближчих навчань поки не заплановано.',
  },
  past: { heading: 'Минулі', label: 'Минулі навчання', empty: 'Минулих навчань немає.' },
};

export const trainingsPage = definePage({
  path: '/Trainings',
  validate: validPage,
  // «Today» is fixed by the loader so the server render and hydration ask for the same lists.
  loaderData: () => ({ today: todayInKyiv() }),
  prefetch: async (utils, { url }, { today }) => {
    const { page, limit } = pageInput(url.searchParams);
    const [upcoming, past] = await Promise.all([
      utils.trainings.list.ensureData(countInput('upcoming', today)),
      utils.trainings.list.ensureData(countInput('past', today)),
    ]);
    const plan = trainingPages(page, limit, { upcoming: upcoming.total, past: past.total });
    if (!plan) notFound(url.pathname);
    await Promise.all(plan.lists.map((which) => utils.trainings.list.ensureData(pageOf(which, today, page, limit))));
  },
  Component: function Trainings() {
    const { today } = useLoaderData<{ today: string }>();
    const { page, limit } = pageInput(useLocation().search);
    const [[upcomingCount, pastCount]] = trpc.useSuspenseQueries((t) => [
      t.trainings.list(countInput('upcoming', today)),
      t.trainings.list(countInput('past', today)),
    ]);
    // The loader has checked the page exists.
    const plan = trainingPages(page, limit, { upcoming: upcomingCount.total, past: pastCount.total }) ?? {
      lists: [],
      pageCount: 1,
    };
    const lists = trpc.useSuspenseQueries((t) =>
      plan.lists.map((which) => t.trainings.list(pageOf(which, today, page, limit))),
    )[0];
    useHeadSource('page', { kind: 'trainings', items: lists.flatMap((l) => l.items) });
    return (
      <>
        <PageMeta
          page={page}
          title="Навчання"
          description="Курси, семінари та тренінги інституту для фахівців гідрометеорологічної служби та користувачів кліматичних даних."
        />
        <PageHeader
          title="Навчання"
          crumbs={[{ label: 'Навчання' }]}
          lead="Курси підвищення кваліфікації, семінари й тренінги для фахівців гідрометеорологічної служби та користувачів кліматичних даних."
        />
        {plan.lists.map((which, n) => {
          const { heading, label, empty } = LISTS[which];
          const items = lists[n]!.items;
          return (
            <Fragment key={which}>
              <h2>{heading}</h2>
              <CardList label={label} items={items} empty={empty}>
                {(t, i) => <TrainingCard key={t.id} t={t} priority={n === 0 && i === 0} />}
              </CardList>
            </Fragment>
          );
        })}
        <Pagination page={page} pageCount={plan.pageCount} />
      </>
    );
  },
});

/**
 * /Trainings/{slug}: a training's permalink (its `publicPath`), answered 302 to the /Trainings page
 * that shows it today, `#slug` included: `?page=N`, N from its position in its list (a count on the
 * server, see trainingPermalink.ts). Not 301: the target moves as trainings are added and end, and
 * browsers keep a 301 for good. An unknown slug is the 404 page.
 */
export const trainingPermalinkPage = definePage({
  path: '/Trainings/:slug',
  prefetch: async (utils, { params }) => {
    const at = await utils.trainingPermalink.locate.ensureData({ slug: params.slug!, today: todayInKyiv() });
    throw redirect(listItemHref('/Trainings', at.position, at.slug), 302);
  },
  Component: () => null,
});
