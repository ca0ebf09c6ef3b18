/** /edit/admin/media: the media library. */
import { MediaBrowser } from './MediaBrowser';
import { PageTitle } from '../components/PageTitle';

export function MediaLibraryPage() {
  return (
    <>
      <PageTitle mb="md">Медіатека</PageTitle>
      <MediaBrowser />
    </>
  );
}
