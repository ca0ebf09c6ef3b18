/**
 * Which form of a download URL a file reference keeps. Pure (no Node or DOM APIs): the admin uses it
 * for the URLs the firebase/storage SDK gives, and tests check it without a browser.
 */

/**
 * The URL to store for a download URL the SDK's `getDownloadURL` gave, the admin being open at
 * `siteOrigin`:
 *
 * - the embedded store's URLs are on the site's own origin (the SDK is pointed at it with
 *   connectStorageEmulator) and become site-relative `/v0/b/…?alt=media&token=…` paths, which keep
 *   working whatever host or port the site is later opened on;
 * - any other URL is kept whole: in firebase mode that is Firebase's
 *   `https://firebasestorage.googleapis.com/v0/b/…?alt=media&token=…`, which only answers on
 *   Google's host (cut to `/v0/b/…` it would be a path on this site, which 404s).
 */
export function storedFileUrl(downloadUrl: string, siteOrigin: string): string {
  let url: URL;
  let site: URL;
  try {
    url = new URL(downloadUrl);
    site = new URL(siteOrigin);
  } catch {
    return downloadUrl;
  }
  return url.origin === site.origin ? `${url.pathname}${url.search}` : downloadUrl;
}
