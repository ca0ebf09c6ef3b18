/**
 * /Developments and /Developments/{slug}: the institute's models, methods, web resources and atlases,
 * part of «Діяльність» (linked from /activity and from the page of the department that made each).
 */
import { Link, useLocation, useParams } from 'react-router';
import { isValidSlugParam } from '../../../shared/routes';
import { itemInput, useItemInput } from '../../app/itemInput';
import { canonicalRedirect, definePage } from '../../app/definePage';
import { pageInput, validPage } from '../../app/listParams';
import { fieldList, withFields } from '../../app/listFields';
import { Article, Facts } from '../../components/Article';
import { Card, CardList, metaLine } from '../../components/Cards';
import { PageHeader } from '../../components/PageHeader';
import { PageMeta } from '../../components/PageMeta';
import { Pagination } from '../../components/Pagination';
import { useHeadSource } from '../../lib/head/useHeadSource';
import { trpc } from '../../lib/trpc';

/** A page of /Developments with what the cards show. */
const listInput = (search: URLSearchParams | string) => ({
  ...pageInput(search),
  fields: fieldList('title', 'slug', 'summary', 'cover', 'year', 'authors'),
});

/** The name and address of the department that made a development (`departmentId`). */
const departmentInput = (id: string) => ({ idOrSlug: id, fields: ['title', 'slug'] });

/** «Діяльність», the section developments belong to, then the list. */
const SECTION_CRUMBS = [
  { label: 'Діяльність', to: '/activity' },
  { label: 'Розробки', to: '/Developments' },
];

export const developmentsListPage = definePage({
  path: '/Developments',
  validate: validPage,
  prefetch: (utils, { url }) => utils.developments.list.ensureData(listInput(url.searchParams)),
  Component: function DevelopmentsList() {
    const { search } = useLocation();
    const input = listInput(search);
    const list = withFields(trpc.developments.list.useSuspenseQuery(input)[0], input.fields);
    return (
      <>
        <PageMeta
          page={list.page}
          title="Розробки"
          description="Наукові розробки інституту: моделі, методики, вебресурси та атласи для гідрометеорологічної служби, науковців і громад."
        />
        <PageHeader
          title="Розробки"
          crumbs={[SECTION_CRUMBS[0]!, { label: 'Розробки' }]}
          lead="Моделі, методики, вебресурси та атласи, створені в інституті, і де їх застосовують."
        />
        <CardList label="Розробки" headingLevel={2} items={list.items} empty="Розділ наповнюється.">
          {(d) => (
            <Card
              key={d.id}
              to={`/Developments/${d.slug}`}
              title={d.title}
              image={d.cover}
              summary={d.summary}
              meta={metaLine(String(d.year), d.authors.join(', '))}
            />
          )}
        </CardList>
        <Pagination page={list.page} pageCount={list.pageCount} />
      </>
    );
  },
});

export const developmentItemPage = definePage({
  path: '/Developments/:id',
  validate: ({ params }) => isValidSlugParam(params.id),
  prefetch: async (utils, { params, url }) => {
    const item = await utils.developments.get.ensureData(itemInput(params.id!, url.searchParams));
    canonicalRedirect(url, item.publicPath);
    // A department that is not published (or gone) is left unnamed, not a missing page.
    if (item.departmentId) await utils.departments.get.ensureData(departmentInput(item.departmentId)).catch(() => null);
  },
  Component: function DevelopmentItem() {
    const { id } = useParams();
    const [d] = trpc.developments.get.useSuspenseQuery(useItemInput(id!));
    // Not suspense: the loader has read it (or found it missing, then the page names no department).
    const { data: department } = trpc.departments.get.useQuery(departmentInput(d.departmentId ?? ''), {
      enabled: Boolean(d.departmentId),
      retry: false,
    });
    const departmentUrl = department ? `/Departments/${department.slug}` : '';
    useHeadSource('page', {
      kind: 'development',
      item: d,
      ...(department ? { department: { title: department.title, url: departmentUrl } } : {}),
    });
    return (
      <>
        <PageMeta title={d.title} description={d.summary} image={d.cover} type="article" />
        <PageHeader title={d.title} crumbs={[...SECTION_CRUMBS, { label: d.title }]} lead={d.summary} />
        <Facts
          items={[
            ['Рік', String(d.year)],
            ['Автори', d.authors.join(', ')],
            ['Підрозділ', department ? <Link to={departmentUrl}>{department.title}</Link> : ''],
            ['Застосування', d.application],
          ]}
        />
        <Article cover={d.cover} body={d.body} attachments={d.attachments}>
          {d.links.length ? (
            <section aria-labelledby="links-title">
              <h2 id="links-title">Посилання</h2>
              <ul>
                {d.links.map((l) => (
                  <li key={l.href}>
                    <a href={l.href}>{l.label}</a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </Article>
      </>
    );
  },
});
