/**
 * Issue 13: the JavaScript a public page and the admin's login page load up front, gzip, from the
 * built client's manifest (a size check, not a timing). Needs `npm run build`; skipped without it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BUDGETS, hasBuild, initialChunks, measureBudgets, readManifest } from '../../scripts/bundle-budget';

/** The dataset page's chart (uPlot, issue 28 item 6): a dynamic chunk, at most this much gzip. */
const CHART_KEY = 'src/client/components/datasetPreview/lineChart.ts';
const CHART_MAX_GZIP = 25 * 1024;

describe.skipIf(!hasBuild())('bundle budgets (dist/client)', () => {
  const sizes = Object.fromEntries(measureBudgets().map((s) => [s.name, s]));

  it('a public page loads no admin code, Mantine, Tiptap or firebase storage', () => {
    const files = sizes.public!.files.join(' ');
    expect(files).not.toMatch(/admin|Mantine|tiptap|SectionRoutes|MediaBrowser/i);
  });

  it(`the public entry stays within its ceiling (${BUDGETS.public.maxGzip / 1024} KB gzip)`, () => {
    expect(sizes.public!.jsGzip).toBeLessThanOrEqual(BUDGETS.public.maxGzip);
  });

  it(`the admin login stays within its ceiling (${BUDGETS.adminLogin.maxGzip / 1024} KB gzip); the editor and media library are lazy`, () => {
    expect(sizes.adminLogin!.jsGzip).toBeLessThanOrEqual(BUDGETS.adminLogin.maxGzip);
    expect(sizes.adminLogin!.files.join(' ')).not.toMatch(
      /SectionRoutes|MediaBrowser|RichTextEditor|AdminLayout|AdminShell/,
    );
  });

  it('a public page runs on Preact, the admin on React', () => {
    const code = (name: string) => sizes[name]!.files.map((f) => readFileSync(`dist/client/${f}`, 'utf8')).join('\n');
    // react-dom's production build names its error page; Preact's compat layer has none.
    expect(code('public')).not.toContain('react.dev/errors');
    expect(code('adminLogin')).toContain('react.dev/errors');
  });

  it('neither a public page nor the admin login loads Mantine or Tiptap (the Mantine shell loads after sign-in)', () => {
    for (const name of ['public', 'adminLogin']) {
      const code = sizes[name]!.files.map((f) => readFileSync(`dist/client/${f}`, 'utf8')).join('\n');
      expect(code, name).not.toMatch(/mantine|prosemirror|tiptap/i);
    }
  });

  it('counts static imports only', () => {
    const manifest = {
      a: { file: 'a.js', imports: ['b'], dynamicImports: ['c'] },
      b: { file: 'b.js', css: ['b.css'] },
      c: { file: 'c.js' },
    };
    expect(initialChunks(manifest, ['a'])).toEqual({ js: ['a.js', 'b.js'], css: ['b.css'] });
  });

  describe('the dataset chart', () => {
    const manifest = readManifest('dist/client');
    const chart = manifest[CHART_KEY];
    const gzip = (f: string) => gzipSync(readFileSync(`dist/client/${f}`), { level: 9 }).length;

    it('is a chunk of its own that no page loads up front; no other chunk holds uPlot', () => {
      expect(chart?.file).toMatch(/^assets\/lineChart-.+\.js$/);
      expect(sizes.public!.files).not.toContain(chart!.file);
      // Only the app's dataset preview imports it, and only dynamically.
      const importers = Object.entries(manifest).filter(([, c]) => c.dynamicImports?.includes(CHART_KEY));
      expect(importers.length).toBeGreaterThan(0);
      expect(Object.values(manifest).some((c) => c.imports?.includes(CHART_KEY))).toBe(false);
      // uPlot's own class names appear in the chart chunk and nowhere else.
      const withUplot = readdirSync('dist/client/assets').filter(
        (f) => f.endsWith('.js') && readFileSync(`dist/client/assets/${f}`, 'utf8').includes('u-legend'),
      );
      expect(withUplot.map((f) => `assets/${f}`)).toEqual([chart!.file]);
    });

    it(`stays within ${CHART_MAX_GZIP / 1024} KB gzip, fetched by a dataset page on top of the public entry`, () => {
      expect(gzip(chart!.file)).toBeLessThanOrEqual(CHART_MAX_GZIP);
    });
  });
});
