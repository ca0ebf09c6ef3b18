/** /data_repo and its dataset pages (/data_repo/month, /data_repo/ClimUAsd-stn.v2, ...). */
import { useLocation, useParams } from 'react-router';
import { datacitePath } from '../../../shared/cite';
import { langOf } from '../../../shared/content/language';
import { isValidSlugParam } from '../../../shared/routes';
import { itemInput, useItemInput } from '../../app/itemInput';
import { canonicalRedirect, definePage } from '../../app/definePage';
import { pageInput, validPage } from '../../app/listParams';
import { Article, Facts } from '../../components/Article';
import { Attachments } from '../../components/Attachments';
import { CardList } from '../../components/Cards';
import { ContentLink } from '../../components/ContentLink';
import { PageHeader } from '../../components/PageHeader';
import { CiteLinks } from '../../components/CiteLinks';
import { DatasetPreviews, prefetchDatasetPreviews } from '../../components/datasetPreview/DatasetPreviews';
import { DownloadAll } from '../../components/datasetPreview/DownloadAll';
import { TableScroll } from '../../components/TableScroll';
import { PageMeta } from '../../components/PageMeta';
import { Pagination } from '../../components/Pagination';
import { DatasetCard } from '../../components/dataset/DatasetCard';
import { DatasetVersionList, NewerVersionNotice } from '../../components/dataset/DatasetVersionList';
import { FileChecksums } from '../../components/dataset/FileChecksums';
import { sumsInput, versionView } from '../../components/dataset/versionView';
import { useSite } from '../../app/site';
import { useHeadSource } from '../../lib/head/useHeadSource';
import { useSharedStrings } from '../../lib/sharedStrings';
import { trpc } from '../../lib/trpc';

export const dataRepoListPage = definePage({
  path: '/data_repo',
  validate: validPage,
  prefetch: (utils, { url }) => utils.dataRepo.list.ensureData(pageInput(url.searchParams)),
  Component: function DataRepoList() {
    const [list] = trpc.dataRepo.list.useSuspenseQuery(pageInput(useLocation().search));
    return (
      <>
        <PageMeta
          page={list.page}
          title="Репозитарій даних"
          description="Кліматичні дані України: місячні та добові сіткові масиви, станційні ряди температури й опадів з контролем якості та гомогенізацією."
        />
        <PageHeader
          title="Репозитарій даних"
          crumbs={[{ label: 'Репозитарій даних' }]}
          lead="Відкриті кліматичні набори даних інституту: станційні ряди та сіткові масиви для території України."
        />
        <CardList
          label="Набори даних"
          headingLevel={2}
          items={list.items}
          empty="Набори даних готуються до публікації."
        >
          {(d) => <DatasetCard key={d.id} d={d} withPeriod />}
        </CardList>
        <Pagination page={list.page} pageCount={list.pageCount} />
        <p className="catalog-links">
          Каталог репозитарію за стандартом DCAT-AP 3:{' '}
          <a href="/data_repo/catalog.ttl" type="text/turtle">
            Turtle
          </a>
          {' · '}
          <a href="/data_repo/catalog.jsonld" type="application/ld+json">
            JSON-LD
          </a>
        </p>
      </>
    );
  },
});

export const dataRepoItemPage = definePage({
  path: '/data_repo/:id',
  validate: ({ params }) => isValidSlugParam(params.id),
  prefetch: async (utils, { params, url }) => {
    const d = await utils.dataRepo.get.ensureData(itemInput(params.id!, url.searchParams));
    canonicalRedirect(url, d.publicPath);
    await utils.datasetFiles.sums.ensureData(sumsInput(params.id!, undefined, url.searchParams));
    await prefetchDatasetPreviews(utils, d.slug);
  },
  // Also the page of one version (dataRepoVersion.tsx): `version` is then its label.
  Component: function DataRepoItem() {
    const { id, version: label } = useParams();
    const [current] = trpc.dataRepo.get.useSuspenseQuery(useItemInput(id!));
    const { d, version } = versionView(current, label, useSite().config.origin);
    const mark = useSharedStrings();
    const search = useLocation().search;
    useHeadSource('page', { kind: 'dataset', item: d, version: label });
    return (
      <>
        <PageMeta
          title={version ? `Версія ${version.version} — ${d.title}` : d.title}
          // A version's page tells which version it is in its description too, not only the dataset's summary.
          description={
            version
              ? `Версія ${version.version}${version.current ? ' (поточна)' : ''} набору даних «${d.title}». ${d.summary}`
              : d.summary
          }
        />
        <PageHeader
          title={d.title}
          crumbs={[
            { label: 'Репозитарій даних', to: '/data_repo' },
            ...(version
              ? [{ label: d.title, to: `/data_repo/${d.slug}` }, { label: `Версія ${version.version}` }]
              : [{ label: d.title }]),
          ]}
          lead={d.summary}
        />
        <NewerVersionNotice dataset={current} shown={version} />
        <Facts
          label="Характеристики набору даних"
          items={[
            ['Період', d.periodStart && d.periodEnd ? `${d.periodStart}–${d.periodEnd}` : ''],
            ['Просторова роздільність', d.spatialResolution],
            ['Часова роздільність', d.temporalResolution],
            ['Формат', d.format],
            ['Версія', d.datasetVersion],
            ['Ліцензія', d.licence],
            ['DOI набору даних', d.doi ? <a href={`https://doi.org/${d.doi}`}>{d.doi}</a> : ''],
            [
              'DOI статті про набір',
              d.articleDoi ? <a href={`https://doi.org/${d.articleDoi}`}>{d.articleDoi}</a> : '',
            ],
          ]}
        />
        <Article body={d.body}>
          {d.variables.length > 0 && (
            <section aria-labelledby="vars-title">
              <h2 id="vars-title">Змінні</h2>
              <TableScroll labelledBy="vars-title">
                <table className="data-table">
                  <thead>
                    <tr>
                      <th scope="col">Змінна</th>
                      <th scope="col">Одиниці</th>
                      <th scope="col">Опис</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.variables.map((v) => (
                      <tr key={v.name}>
                        <td>{v.name}</td>
                        <td>{v.unit}</td>
                        <td data-s={mark('t', v.description)}>{v.description}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            </section>
          )}
          {d.citation ? (
            <section aria-labelledby="cite-title">
              <h2 id="cite-title">Як цитувати</h2>
              <blockquote className="citation" lang={langOf('dataRepo', d, 'citation')} data-s={mark('t', d.citation)}>
                {d.citation}
              </blockquote>
            </section>
          ) : null}
        </Article>
        <Attachments files={d.files} title="Файли даних" />
        <FileChecksums files={d.files} input={sumsInput(id!, label, search)} />
        <DownloadAll slug={d.slug} version={label} count={d.files.length} />
        <DatasetPreviews slug={d.slug} version={label} />
        <CiteLinks
          type="datasets"
          slug={d.slug}
          title={d.title}
          records={[{ href: datacitePath(d.slug, label), label: 'DataCite XML', type: 'application/xml' }]}
        />
        {d.links.length > 0 && (
          <section aria-labelledby="links-title">
            <h2 id="links-title">Посилання</h2>
            <ul>
              {d.links.map((l) => (
                <li key={l.href}>
                  <ContentLink href={l.href} shared={mark('t', l.label)}>
                    {l.label}
                  </ContentLink>
                </li>
              ))}
            </ul>
          </section>
        )}
        <DatasetVersionList dataset={current} shown={version?.version} />
      </>
    );
  },
});
