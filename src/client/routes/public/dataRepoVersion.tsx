/**
 * /data_repo/{slug}/v/{label}: the citable page of one version of a dataset, rendered by the dataset
 * page's component at that version (its label, DOI, files and their SHA-256 sums, citation and
 * DataCite record); an earlier version's page says a newer one exists. An unknown label is a 404.
 */
import { datasetVersionPath, findDatasetVersion } from '../../../shared/content/datasetVersions';
import { isValidSlugParam } from '../../../shared/routes';
import { itemInput } from '../../app/itemInput';
import { canonicalRedirect, definePage, notFound } from '../../app/definePage';
import { sumsInput } from '../../components/dataset/versionView';
import { prefetchDatasetPreviews } from '../../components/datasetPreview/DatasetPreviews';
import { dataRepoItemPage } from './dataRepo';

export const dataRepoVersionPage = definePage({
  path: '/data_repo/:id/v/:version',
  validate: ({ params }) => isValidSlugParam(params.id) && Boolean(params.version) && params.version!.length <= 40,
  prefetch: async (utils, { params, url }) => {
    const d = await utils.dataRepo.get.ensureData(itemInput(params.id!, url.searchParams));
    if (!findDatasetVersion(d, params.version!)) notFound(url.pathname);
    canonicalRedirect(url, d.publicPath && datasetVersionPath(d.slug, params.version!));
    await utils.datasetFiles.sums.ensureData(sumsInput(params.id!, params.version, url.searchParams));
    await prefetchDatasetPreviews(utils, d.slug, params.version);
  },
  Component: dataRepoItemPage.Component,
});
