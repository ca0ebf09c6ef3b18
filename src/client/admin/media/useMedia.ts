/** Browsing the media library (firebase/storage list with prefixes as folders) for the admin. */
import { deleteObject, getDownloadURL, getMetadata, list, ref, type FirebaseStorage } from 'firebase/storage';
import { useCallback, useEffect, useState } from 'react';
import type { FileRef } from '../../../shared/content/fields';
import { dispositionFileName } from '../../../shared/contentDisposition';
import { storedFileUrl } from '../../../shared/fileUrls';

/** Uploads live under this folder (readable by anyone, writable by staff). */
export const MEDIA_ROOT = 'public/media';

/**
 * How the library names its top folders. Its breadcrumbs go up to `public`, so it reaches every
 * file a public page links: the uploads (media/), the files of seeded pages (seed/) and the data
 * repository's archives (data_repo/, where `/data_repo/{name}.zip` points).
 */
export const FOLDER_LABELS: Record<string, string> = {
  public: 'Усі файли сайту',
  // Not «Медіатека»: the page is headed so, and its trail would repeat the heading right under it.
  'public/media': 'Завантажені файли',
  'public/seed': 'Файли сторінок',
  'public/data_repo': 'Архіви репозиторію даних',
};

/** A stored file as the library lists it: named as stored, with the name it was uploaded under (if known). */
export interface LibraryFile extends FileRef {
  /** The uploaded file's own name (from its Content-Disposition), which a picked reference shows. */
  uploadedAs: string | null;
}

/** The reference a field gets for a picked library file: named as it was uploaded. */
export function pickedRef({ uploadedAs, ...ref }: LibraryFile): FileRef {
  return { ...ref, name: uploadedAs ?? ref.name };
}

export interface MediaFolderState {
  folders: string[];
  files: LibraryFile[];
  loading: boolean;
  error: unknown;
  reload(): void;
  remove(path: string): Promise<void>;
}

/**
 * The URL a file reference keeps for an SDK download URL: site-relative for the embedded store (works
 * whatever host the admin is opened on), whole for Firebase Storage (storedFileUrl).
 */
export function fileRefUrl(url: string): string {
  return storedFileUrl(url, window.location.origin);
}

export function useMediaFolder(storage: FirebaseStorage, folder: string): MediaFolderState {
  const [tick, setTick] = useState(0);
  // The last listing and the request it answered: the folder is loading while that is not this render's
  // request (derived, so the effect does not set state before its work starts). The previous listing
  // stays shown meanwhile.
  const [loaded, setLoaded] = useState<{
    request: { storage: FirebaseStorage; folder: string; tick: number };
    folders: string[];
    files: LibraryFile[];
    error: unknown;
  } | null>(null);
  useEffect(() => {
    let live = true;
    const request = { storage, folder, tick };
    (async () => {
      const folders: string[] = [];
      const files: LibraryFile[] = [];
      let pageToken: string | undefined;
      do {
        const page = await list(ref(storage, folder), { maxResults: 200, pageToken });
        folders.push(...page.prefixes.map((p) => p.fullPath));
        const metas = await Promise.all(
          page.items.map(async (item) => {
            const [meta, url] = await Promise.all([getMetadata(item), getDownloadURL(item)]);
            return {
              path: meta.fullPath,
              name: meta.name,
              contentType: meta.contentType ?? 'application/octet-stream',
              size: meta.size,
              url: fileRefUrl(url),
              uploadedAs: dispositionFileName(meta.contentDisposition),
            };
          }),
        );
        files.push(...metas);
        pageToken = page.nextPageToken;
      } while (pageToken && live);
      if (live) setLoaded({ request, folders, files, error: null });
    })().catch((error: unknown) => {
      if (live) setLoaded({ request, folders: [], files: [], error });
    });
    return () => {
      live = false;
    };
  }, [storage, folder, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  const remove = useCallback(
    async (path: string) => {
      await deleteObject(ref(storage, path));
      reload();
    },
    [storage, reload],
  );
  const loading =
    !loaded || loaded.request.storage !== storage || loaded.request.folder !== folder || loaded.request.tick !== tick;
  return {
    folders: loaded?.folders ?? [],
    files: loaded?.files ?? [],
    loading,
    error: loading ? null : loaded.error,
    reload,
    remove,
  };
}
