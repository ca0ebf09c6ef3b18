/**
 * The built client: where its files are, which script and styles an entry needs (from Vite's
 * manifest) and the build id (from builds/latest.json written at build time).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface EntryAssets {
  script: string | null;
  css: string[];
  preload: string[];
  /** Stylesheets small enough to inline (critical CSS), by href. */
  inlineCss?: Record<string, string>;
}

/** Stylesheets of an entry up to this size together are inlined into its pages (no render-blocking request). */
export const INLINE_CSS_LIMIT = 24 * 1024;

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

export interface ClientBuild {
  dir: string;
  buildId: string;
  /** Whether a built client exists (tests may render without one: HTML only, no scripts). */
  built: boolean;
  /** The assets of an entry; `inlineCss` inlines its stylesheets when they are small together. */
  entry(name: string, options?: { inlineCss?: boolean }): EntryAssets;
}

export const PUBLIC_ENTRY = 'src/client/entry-client.tsx';
export const ADMIN_ENTRY = 'src/client/entry-admin.tsx';

/**
 * Vite's manifests of the client build: the public site's (`manifest.json`) and the admin's
 * (`manifest-admin.json`, a build of its own: the public one runs on Preact), merged.
 */
export function readClientManifest(dir: string): Record<string, ManifestChunk> {
  const out: Record<string, ManifestChunk> = {};
  for (const name of ['manifest-admin.json', 'manifest.json']) {
    const file = path.join(dir, '.vite', name);
    if (existsSync(file)) Object.assign(out, JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>);
  }
  return out;
}

export function loadClientBuild(dir: string): ClientBuild {
  const manifestFile = path.join(dir, '.vite', 'manifest.json');
  const latestFile = path.join(dir, 'builds', 'latest.json');
  const built = existsSync(manifestFile);
  const manifest = built ? readClientManifest(dir) : {};
  const buildId = existsSync(latestFile) ? (JSON.parse(readFileSync(latestFile, 'utf8')) as { id: string }).id : 'dev';
  return {
    dir,
    buildId,
    built,
    entry(name, options) {
      const chunk = manifest[name];
      if (!chunk) return { script: null, css: [], preload: [] };
      const css = new Set<string>();
      const preload = new Set<string>();
      const seen = new Set<string>();
      const walk = (key: string, isEntry: boolean) => {
        if (seen.has(key)) return;
        seen.add(key);
        const c = manifest[key];
        if (!c) return;
        c.css?.forEach((f) => css.add(`/${f}`));
        if (!isEntry) preload.add(`/${c.file}`);
        c.imports?.forEach((i) => walk(i, false));
      };
      walk(name, true);
      const assets: EntryAssets = { script: `/${chunk.file}`, css: [...css], preload: [...preload] };
      if (options?.inlineCss) {
        const texts = assets.css.map((href) => readFileSync(path.join(dir, href), 'utf8'));
        if (texts.reduce((n, t) => n + Buffer.byteLength(t), 0) <= INLINE_CSS_LIMIT) {
          assets.inlineCss = Object.fromEntries(
            assets.css.map((href, i) => [href, texts[i]!.replace(/\/\*# sourceMappingURL=[^*]*\*\//g, '')]),
          );
        }
      }
      return assets;
    },
  };
}
