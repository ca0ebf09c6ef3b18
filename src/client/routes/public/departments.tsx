/** /Departments and /Departments/{slug}: research units with their head and staff. */
import { Fragment } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { srcSetFor } from '../../../shared/images';
import { isValidSlugParam } from '../../../shared/routes';
import { itemInput, useItemInput } from '../../app/itemInput';
import { canonicalRedirect, definePage } from '../../app/definePage';
import { fieldList, withFields } from '../../app/listFields';
import { pageInput, validPage } from '../../app/listParams';
import { Article, Facts } from '../../components/Article';
import { Card, CardList, EmptyState } from '../../components/Cards';
import { PageHeader } from '../../components/PageHeader';
import { PageMeta } from '../../components/PageMeta';
import { Pagination } from '../../components/Pagination';
import { useSharedStrings } from '../../lib/sharedStrings';
import { trpc } from '../../lib/trpc';

/** Staff cards per page of a department; a larger staff continues on `?page=2`. */
const STAFF_PER_PAGE = 100;
// What the staff cards show: the type's list fields (title, photo, position, degree, academic title,
// email, ORCID), so the input (twice in the page's state, as the query's key and hash) names none.
const staffInput = (departmentId: string, search: URLSearchParams | string) => ({
  filter: { departmentId },
  limit: STAFF_PER_PAGE,
  page: pageInput(search).page,
});
/** The department head's name and position, for when the head is not on the staff page shown. */
const headInput = (id: string) => ({ idOrSlug: id, fields: ['title', 'position'] });

/** The department's developments (names and years; its section is left out when there are none). */
const developmentsInput = (departmentId: string) => ({
  filter: { departmentId },
  limit: 100,
  fields: fieldList('title', 'slug', 'year'),
});

/** A staff member's position, degree and title, comma-separated, each its own shared string. */
function StaffTitles({ titles }: { titles: string[] }) {
  const mark = useSharedStrings();
  const shown = titles.filter(Boolean);
  return (
    <p>
      {shown.map((t, i) => (
        <Fragment key={t}>
          {i > 0 ? ', ' : null}
          <span data-s={mark('t', t)}>{t}</span>
        </Fragment>
      ))}
    </p>
  );
}

/** «Розробки» of a department: links to each development's page, and to all of them. */
function DepartmentDevelopments({ departmentId }: { departmentId: string }) {
  const input = developmentsInput(departmentId);
  const list = withFields(trpc.developments.list.useSuspenseQuery(input)[0], input.fields);
  const mark = useSharedStrings();
  if (!list.items.length) return null;
  return (
    <section aria-labelledby="developments-title">
      <h2 id="developments-title">Розробки</h2>
      <ul>
        {list.items.map((d) => (
          <li key={d.id}>
            <Link to={`/Developments/${d.slug}`} data-s={mark('t', d.title)}>
              {d.title}
            </Link>{' '}
            ({d.year})
          </li>
        ))}
      </ul>
      <p>
        <Link to="/Developments">Усі розробки інституту</Link>
      </p>
    </section>
  );
}

/**
 * The department head (`headId`) as «name, position»: from the staff page shown, else its own
 * request (a head on another page of the staff list; none while it loads or when it is missing).
 */
function useDepartmentHead(headId: string | null, staff: Array<{ id: string; title: string; position?: string }>) {
  const onPage = staff.find((u) => u.id === headId);
  const own = trpc.users.get.useQuery(headInput(headId ?? ''), { enabled: !!headId && !onPage, retry: false });
  const head = onPage ?? own.data;
  return head ? `${head.title}${head.position ? `, ${head.position}` : ''}` : '';
}

export const departmentsListPage = definePage({
  path: '/Departments',
  validate: validPage,
  prefetch: (utils, { url }) => utils.departments.list.ensureData(pageInput(url.searchParams)),
  Component: function DepartmentsList() {
    const [list] = trpc.departments.list.useSuspenseQuery(pageInput(useLocation().search));
    return (
      <>
        <PageMeta
          page={list.page}
          title="Наукові підрозділи"
          description="Відділи та лабораторії інституту: напрями досліджень, керівники, контакти."
        />
        <PageHeader title="Наукові підрозділи" crumbs={[{ label: 'Наукові підрозділи' }]} />
        <CardList label="Підрозділи" headingLevel={2} items={list.items} empty="Розділ наповнюється.">
          {(d) => (
            <Card key={d.id} to={`/Departments/${d.slug}`} title={d.title} summary={d.summary} meta={d.shortName} />
          )}
        </CardList>
        <Pagination page={list.page} pageCount={list.pageCount} />
      </>
    );
  },
});

export const departmentItemPage = definePage({
  path: '/Departments/:id',
  validate: (args) => isValidSlugParam(args.params.id) && validPage(args),
  prefetch: async (utils, { params, url }) => {
    const dep = await utils.departments.get.ensureData(itemInput(params.id!, url.searchParams));
    canonicalRedirect(url, dep.publicPath);
    const [staff] = await Promise.all([
      utils.users.list.ensureData(staffInput(dep.id, url.searchParams)),
      utils.developments.list.ensureData(developmentsInput(dep.id)),
    ]);
    // A head on another staff page is read by itself (a missing one only leaves «Керівник» out).
    if (dep.headId && !staff.items.some((u) => u.id === dep.headId))
      await utils.users.get.ensureData(headInput(dep.headId)).catch(() => undefined);
  },
  Component: function DepartmentItem() {
    const { id } = useParams();
    const [dep] = trpc.departments.get.useSuspenseQuery(useItemInput(id!));
    const [staff] = trpc.users.list.useSuspenseQuery(staffInput(dep.id, useLocation().search));
    const mark = useSharedStrings();
    const head = useDepartmentHead(dep.headId, staff.items);
    return (
      <>
        <PageMeta title={dep.title} page={staff.page} description={dep.summary} />
        <PageHeader
          title={dep.title}
          crumbs={[{ label: 'Наукові підрозділи', to: '/Departments' }, { label: dep.title }]}
          lead={dep.summary}
        />
        <Facts
          items={[
            ['Керівник', head],
            ['Телефон', dep.phone ? <a href={`tel:${dep.phone.replace(/[^\d+]/g, '')}`}>{dep.phone}</a> : ''],
            ['Ел. пошта', dep.email ? <a href={`mailto:${dep.email}`}>{dep.email}</a> : ''],
            ['Кімната', dep.room],
          ]}
        />
        {dep.researchAreas.length > 0 && (
          <section aria-labelledby="areas-title">
            <h2 id="areas-title">Напрями досліджень</h2>
            <ul>
              {dep.researchAreas.map((a) => (
                <li key={a} data-s={mark('t', a)}>
                  {a}
                </li>
              ))}
            </ul>
          </section>
        )}
        <Article cover={dep.cover} body={dep.body} />
        <DepartmentDevelopments departmentId={dep.id} />
        <section aria-labelledby="staff-title">
          <h2 id="staff-title">Співробітники</h2>
          {staff.items.length ? (
            <ul className="staff-list">
              {staff.items.map((u) => (
                <li key={u.id} className="staff-card">
                  {u.photo ? (
                    <img
                      src={u.photo.url}
                      srcSet={srcSetFor(u.photo)}
                      sizes="96px"
                      alt={u.photo.alt || u.title}
                      width={96}
                      height={96}
                      loading="lazy"
                    />
                  ) : null}
                  <div>
                    <p className="staff-name" data-s={mark('t', u.title)}>
                      {u.title}
                    </p>
                    <StaffTitles titles={[u.position, u.academicDegree, u.academicTitle]} />
                    {u.email ? (
                      <p>
                        <a href={`mailto:${u.email}`} data-s={mark('t', u.email)}>
                          {u.email}
                        </a>
                      </p>
                    ) : null}
                    {u.orcid ? (
                      <p>
                        <a href={`https://orcid.org/${u.orcid}`}>ORCID {u.orcid}</a>
                      </p>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState>Список співробітників уточнюється.</EmptyState>
          )}
          <Pagination page={staff.page} pageCount={staff.pageCount} />
        </section>
      </>
    );
  },
});
