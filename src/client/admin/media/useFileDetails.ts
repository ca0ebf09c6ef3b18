/**
 * The details of the library's files on screen (type, size, download URL, uploaded name), fetched
 * with at most DETAIL_REQUESTS storage requests in flight, in the order the files are shown. Each
 * file takes two requests in turn (getMetadata, getDownloadURL): the SDK's public API gives a download URL
 * only through a request (getDownloadURL reads the object's token from its metadata), and the project
 * builds no token URLs by hand.
 */
import { getDownloadURL, getMetadata, ref, type FirebaseStorage } from 'firebase/storage';
import pLimit from 'p-limit';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { dispositionFileName } from '../../../shared/contentDisposition';
import { fileRefUrl, type LibraryFile } from './useMedia';

/** Storage requests in flight at once for file details (one file's two requests run one after the other). */
export const DETAIL_REQUESTS = 6;

/** How long results are gathered before they are rendered together, in milliseconds. */
const RENDER_BATCH_MS = 50;

/** A file's details, or why they could not be fetched. */
export type FileDetails = { file: LibraryFile; error?: undefined } | { file?: undefined; error: unknown };

/** The details of the object `path` (two requests, one after the other); throws the SDK's StorageError. */
async function fetchDetails(storage: FirebaseStorage, path: string): Promise<LibraryFile> {
  const item = ref(storage, path);
  const meta = await getMetadata(item);
  const url = await getDownloadURL(item);
  return {
    path: meta.fullPath,
    name: meta.name,
    contentType: meta.contentType ?? 'application/octet-stream',
    size: meta.size,
    url: fileRefUrl(url),
    uploadedAs: dispositionFileName(meta.contentDisposition),
  };
}

/**
 * Details by path for `paths` (the files on screen): those not yet known are fetched, those that
 * leave the screen before their turn are not. `forget(path)` drops a file's details (its bytes were
 * replaced) so they are fetched again.
 */
export function useFileDetails(storage: FirebaseStorage, paths: string[]) {
  const limit = useMemo(() => pLimit(DETAIL_REQUESTS), []);
  const [details, setDetails] = useState<ReadonlyMap<string, FileDetails>>(new Map());
  const [generation, setGeneration] = useState(0);
  /** Paths asked for (queued or fetching) and the paths on screen now. */
  const asked = useRef(new Set<string>());
  const wanted = useRef(new Set<string>());
  /** Results not yet rendered, and the timer that renders them. */
  const arrived = useRef(new Map<string, FileDetails>());
  const flush = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(flush.current ?? undefined), []);
  useEffect(() => {
    wanted.current = new Set(paths);
    for (const path of paths) {
      if (asked.current.has(path) || details.has(path)) continue;
      asked.current.add(path);
      // Queued behind the files shown before it; skipped (no request) if it has left the screen by then.
      void limit(async () => {
        if (!wanted.current.has(path)) return void asked.current.delete(path);
        await fetchDetails(storage, path).then(
          (file) => settle(path, { file }),
          (error: unknown) => settle(path, { error }),
        );
      });
    }
    function settle(path: string, value: FileDetails) {
      asked.current.delete(path);
      arrived.current.set(path, value);
      // Results that arrive close together render together (one pass over the grid, not one per file).
      flush.current ??= setTimeout(() => {
        const batch = arrived.current;
        arrived.current = new Map();
        flush.current = null;
        setDetails((all) => new Map([...all, ...batch]));
      }, RENDER_BATCH_MS);
    }
    // `details` is read only to skip known paths; a new result needs no new pass.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storage, paths, limit, generation]);
  const forget = useCallback((path: string) => {
    setDetails((all) => {
      const next = new Map(all);
      next.delete(path);
      return next;
    });
    setGeneration((g) => g + 1);
  }, []);
  return { details, forget };
}
