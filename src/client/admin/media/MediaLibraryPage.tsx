/** /edit/admin/media: the media library. */
import { Title } from '@mantine/core';
import { MediaBrowser } from './MediaBrowser';

export function MediaLibraryPage() {
  return (
    <>
      <Title order={1} size="h2" mb="md">
        Медіатека
      </Title>
      <MediaBrowser />
    </>
  );
}
