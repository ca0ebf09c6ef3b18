/** A dataset of the data repository as a card (the repository's list and the home page). */
import type { PublicListItemFor } from '../../../shared/content/registry';
import { Card, metaLine } from '../Cards';

/** `withPeriod`: the meta line starts with the period the data cover (when both ends are known). */
export function DatasetCard({
  d,
  withPeriod = false,
}: {
  d: Pick<PublicListItemFor<'dataRepo'>, 'id' | 'slug' | 'title' | 'summary' | 'datasetVersion'> &
    Partial<Pick<PublicListItemFor<'dataRepo'>, 'periodStart' | 'periodEnd'>>;
  withPeriod?: boolean;
}) {
  return (
    <Card
      to={`/data_repo/${d.slug}`}
      title={d.title}
      summary={d.summary}
      meta={metaLine(
        withPeriod && d.periodStart && d.periodEnd && `${d.periodStart}–${d.periodEnd}`,
        d.datasetVersion && `версія ${d.datasetVersion}`,
      )}
    />
  );
}
