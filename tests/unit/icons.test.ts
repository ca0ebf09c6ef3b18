/** The committed icons and manifest (scripts/make-icons.ts): sizes the head and the manifest promise. */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

const dir = 'src/client/static';

describe('icons and web app manifest', () => {
  it.each([
    ['icon-192.png', 192, 192],
    ['icon-512.png', 512, 512],
    ['apple-touch-icon.png', 180, 180],
    ['og-image.png', 1200, 630],
  ])('%s is a %i × %i PNG', async (file, width, height) => {
    const meta = await sharp(`${dir}/${file}`).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', width, height]);
  });

  it('favicon.ico holds 16, 32 and 48 px images', () => {
    const ico = readFileSync(`${dir}/favicon.ico`);
    expect(ico.readUInt16LE(2)).toBe(1); // type: icon
    const count = ico.readUInt16LE(4);
    const sizes = Array.from({ length: count }, (_, i) => ico[6 + i * 16] || 256);
    expect(sizes).toEqual([16, 32, 48]);
  });

  it('the manifest names the site in Ukrainian with its icons and theme colour', () => {
    const manifest = JSON.parse(readFileSync(`${dir}/site.webmanifest`, 'utf8')) as {
      icons: Array<{ src: string; sizes: string }>;
    };
    expect(manifest).toMatchObject({ lang: 'uk', short_name: 'УкрГМІ', theme_color: '#0b4f8a', start_url: '/' });
    expect(manifest.icons.map((i) => `${i.src} ${i.sizes}`)).toEqual([
      '/icon-192.png 192x192',
      '/icon-512.png 512x512',
      '/icon.svg any',
    ]);
  });
});
