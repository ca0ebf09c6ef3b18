/** /Trainings: upcoming trainings first, then past ones; each entry is an anchor (`#slug`). */
import { useLoaderData } from 'react-router';
import type { ContentDocument } from '../../../shared/content/registry';
import { TRAINING_FORMATS } from '../../../shared/content/constants';
import { definePage } from '../../app/definePage';
import { Attachments } from '../../components/Attachments';
import { Card, CardList, EmptyState } from '../../components/Cards';
import { PageHeader } from '../../components/PageHeader';
import { PageMeta } from '../../components/PageMeta';
import { useHeadSource } from '../../lib/head/useHeadSource';
import { RichText } from '../../components/RichText';
import { previousDay, todayInKyiv } from '../../../shared/dates';
import { formatsOf, useFormats, type Formats } from '../../lib/formats';
import { trpc } from '../../lib/trpc';

const upcomingInput = (today: string) =>
  ({ sort: 'upcoming', range: { field: 'endDate', gte: today }, limit: 50 }) as const;
// A training that ends today is still upcoming, so the past ones end yesterday at the latest.
const pastInput = (today: string) =>
  ({ sort: 'newest', range: { field: 'endDate', lte: previousDay(today) }, limit: 50 }) as const;

type Training = ContentDocument<'trainings'>;

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
      <Attachments files={t.attachments} title="Матеріали" level={3} of={t.title} />
    </Card>
  );
}

export const trainingsPage = definePage({
  path: '/Trainings',
  // «Today» is fixed by the loader so the server render and hydration ask for the same lists.
  loaderData: () => ({ today: todayInKyiv() }),
  prefetch: async (utils, _args, { today }) => {
    await Promise.all([
      utils.trainings.list.ensureData(upcomingInput(today)),
      utils.trainings.list.ensureData(pastInput(today)),
    ]);
  },
  Component: function Trainings() {
    const { today } = useLoaderData<{ today: string }>();
    const [upcoming] = trpc.trainings.list.useSuspenseQuery(upcomingInput(today));
    const [past] = trpc.trainings.list.useSuspenseQuery(pastInput(today));
    useHeadSource('page', { kind: 'trainings', items: [...upcoming.items, ...past.items] });
    return (
      <>
        <PageMeta
          title="Навчання"
          description="Курси, семінари та тренінги інституту для фахівців гідрометеорологічної служби та користувачів кліматичних даних."
        />
        <PageHeader
          title="Навчання"
          crumbs={[{ label: 'Навчання' }]}
          lead="Курси підвищення кваліфікації, семінари й тренінги для фахівців гідрометеорологічної служби та користувачів кліматичних даних."
        />
        <h2>Найближчі</h2>
        {upcoming.items.length ? (
          <CardList label="Найближчі навчання" items={upcoming.items}>
            {(t, i) => <TrainingCard key={t.id} t={t} priority={i === 0} />}
          </CardList>
        ) : (
          <EmptyState>Найближчих навчань поки не заплановано.</EmptyState>
        )}
        <h2>Минулі</h2>
        {past.items.length ? (
          <CardList label="Минулі навчання" items={past.items}>
            {(t) => <TrainingCard key={t.id} t={t} />}
          </CardList>
        ) : (
          <EmptyState>Минулих навчань немає.</EmptyState>
        )}
      </>
    );
  },
});
