/** Browsing the media library (firebase/storage list with prefixes as folders) for the admin. */
import { deleteObject, list, ref, type FirebaseStorage } from 'firebase/storage';
import { useCallback, useEffect, useState } from 'react';
import type { FileRef } from '../../../shared/content/fields';
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

/** A listed file before its details are fetched (list() gives names only). */
export interface ListedFile {
  path: string;
  name: string;
}

export interface MediaFolderState {
  folders: string[];
  /** The folder's files as listed so far, in the store's (name) order. */
  items: ListedFile[];
  /** True until the last page of the listing has arrived (the pages before it are already shown). */
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

/** Names per list() request; the first page is shown as soon as it arrives. */
const LIST_PAGE = 200;

/**
 * A folder's subfolders and files by name, listed page by page (each page is shown at once; the
 * details of each file come from useFileDetails, only for the files on screen).
 */
export function useMediaFolder(storage: FirebaseStorage, folder: string): MediaFolderState {
  const [tick, setTick] = useState(0);
  // The listing so far and the request it answers: the folder is loading while that is not this
  // render's request or its last page has not come (derived, so the effect does not set state before its
  // work starts). The previous listing stays shown until the new one's first page.
  const [loaded, setLoaded] = useState<{
    request: { storage: FirebaseStorage; folder: string; tick: number };
    folders: string[];
    items: ListedFile[];
    complete: boolean;
    error: unknown;
  } | null>(null);
  useEffect(() => {
    let live = true;
    const request = { storage, folder, tick };
    (async () => {
      const folders: string[] = [];
      const items: ListedFile[] = [];
      let pageToken: string | undefined;
      do {
        const page = await list(ref(storage, folder), { maxResults: LIST_PAGE, pageToken });
        if (!live) return;
        folders.push(...page.prefixes.map((p) => p.fullPath));
        items.push(...page.items.map((item) => ({ path: item.fullPath, name: item.name })));
        pageToken = page.nextPageToken;
        setLoaded({ request, folders: [...folders], items: [...items], complete: !pageToken, error: null });
      } while (pageToken);
    })().catch((error: unknown) => {
      if (live) setLoaded({ request, folders: [], items: [], complete: true, error });
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
  const current =
    loaded && loaded.request.storage === storage && loaded.request.folder === folder && loaded.request.tick === tick;
  const loading = !current || !loaded.complete;
  return {
    folders: loaded?.folders ?? [],
    items: loaded?.items ?? [],
    loading,
    error: current ? loaded.error : null,
    reload,
    remove,
  };
}
