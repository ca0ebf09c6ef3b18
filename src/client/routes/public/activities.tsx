/** /activity, /activity/{slug} and the fixed page on personal reception of citizens. */
import { Link, useLocation, useParams } from 'react-router';
import { RECEPTION_SLUG } from '../../../shared/content/constants';
import { isValidSlugParam } from '../../../shared/routes';
import { itemInput, useItemInput } from '../../app/itemInput';
import { canonicalRedirect, definePage } from '../../app/definePage';
import { pageInput, validPage } from '../../app/listParams';
import { Article } from '../../components/Article';
import { Card, CardList } from '../../components/Cards';
import { PageHeader } from '../../components/PageHeader';
import { PageMeta } from '../../components/PageMeta';
import { Pagination } from '../../components/Pagination';
import { trpc } from '../../lib/trpc';

export const activityListPage = definePage({
  path: '/activity',
  validate: validPage,
  prefetch: (utils, { url }) => utils.activities.list.ensureData(pageInput(url.searchParams)),
  Component: function ActivityList() {
    const { search } = useLocation();
    const [list] = trpc.activities.list.useSuspenseQuery(pageInput(search));
    return (
      <>
        <PageMeta
          page={list.page}
          title="Діяльність"
          description="Основні напрями діяльності інституту: наукові дослідження, аспірантура, співпраця, прийом громадян."
        />
        <PageHeader title="Діяльність" crumbs={[{ label: 'Діяльність' }]} />
        <CardList label="Напрями діяльності" headingLevel={2} items={list.items} empty="Розділ наповнюється.">
          {(a) => <Card key={a.id} to={`/activity/${a.slug}`} title={a.title} summary={a.summary} image={a.cover} />}
        </CardList>
        <Pagination page={list.page} pageCount={list.pageCount} />
        <p>
          Див. також: <Link to="/Developments">Розробки</Link> — моделі, методики, вебресурси та атласи інституту.
        </p>
      </>
    );
  },
});

function ActivityView({ slug }: { slug: string }) {
  const [item] = trpc.activities.get.useSuspenseQuery(useItemInput(slug));
  return (
    <>
      <PageMeta title={item.title} description={item.summary} />
      <PageHeader
        title={item.title}
        crumbs={[{ label: 'Діяльність', to: '/activity' }, { label: item.title }]}
        lead={item.summary}
      />
      <Article cover={item.cover} body={item.body} attachments={item.attachments} />
    </>
  );
}

export const activityItemPage = definePage({
  path: '/activity/:id',
  validate: ({ params }) => isValidSlugParam(params.id),
  prefetch: async (utils, { params, url }) =>
    canonicalRedirect(url, (await utils.activities.get.ensureData(itemInput(params.id!, url.searchParams))).publicPath),
  Component: function ActivityItem() {
    const { id } = useParams();
    return <ActivityView slug={id!} />;
  },
});

/** The fixed page for personal reception of citizens by the management (content from its activity). */
export const receptionPage = definePage({
  path: `/activity/${RECEPTION_SLUG}`,
  prefetch: (utils, { url }) => utils.activities.get.ensureData(itemInput(RECEPTION_SLUG, url.searchParams)),
  Component: function Reception() {
    return <ActivityView slug={RECEPTION_SLUG} />;
  },
});
