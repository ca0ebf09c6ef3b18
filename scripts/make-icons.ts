/**
 * Draws the institute's mark (a water drop with a wave, under the sun) and writes the site's icons
 * into src/client/static (committed; run again after changing the drawing):
 *
 *   npx tsx scripts/make-icons.ts
 *
 * icon.svg (favicon), logo.svg (the header's mark, on white), favicon.ico (16, 32, 48 px PNGs),
 * icon-192.png, icon-512.png, apple-touch-icon.png (180 px, opaque), og-image.png (1200 × 630 share
 * image with the institute's name; text drawn as outlines from DejaVu Sans, so no system font is
 * needed) and site.webmanifest.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import pngToIco from 'png-to-ico';
import sharp from 'sharp';
import { SITE_NAME, SITE_SHORT_NAME } from '../src/shared/head/siteFacts';

const OUT = path.resolve('src/client/static');
const BLUE = '#0b4f8a';
const DEEP = '#073a66';
const SUN = '#f5c518';
const WHITE = '#ffffff';

/**
 * The mark in a 64 × 64 box: a rounded square (or none), the sun behind the drop's shoulder, the
 * drop, and two waves across its lower half.
 */
function markShapes(opts: { ground: string | null; radius: number; drop: string; wave: string }): string {
  return [
    opts.ground ? `<rect width="64" height="64" rx="${opts.radius}" fill="${opts.ground}"/>` : '',
    `<circle cx="43" cy="19" r="10" fill="${SUN}"/>`,
    `<path d="M28 8C28 8 12 28.5 12 39.5a16 16 0 0 0 32 0C44 28.5 28 8 28 8Z" fill="${opts.drop}"/>`,
    `<path d="M15.5 40.5q6.25-4.5 12.5 0t12.5 0" fill="none" stroke="${opts.wave}" stroke-width="3.2" stroke-linecap="round"/>`,
    `<path d="M18.5 48q4.75-3.5 9.5 0t9.5 0" fill="none" stroke="${opts.wave}" stroke-width="3.2" stroke-linecap="round"/>`,
  ].join('');
}

function svg(inner: string, size = 64): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}">${inner}</svg>\n`;
}

const iconSvg = svg(markShapes({ ground: BLUE, radius: 14, drop: WHITE, wave: BLUE }));
const squareIconSvg = svg(markShapes({ ground: BLUE, radius: 0, drop: WHITE, wave: BLUE }));
const logoSvg = svg(
  `<title>${SITE_SHORT_NAME}</title>${markShapes({ ground: WHITE, radius: 14, drop: BLUE, wave: WHITE })}`,
);

/** Text as SVG outlines (DejaVu Sans), left-aligned at (x, baseline). */
function textPath(fontFile: string, text: string, x: number, baseline: number, size: number, fill: string): string {
  const require = createRequire(import.meta.url);
  const font = fontkit.create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${fontFile}`)));
  const run = font.layout(text);
  const scale = size / font.unitsPerEm;
  let pen = 0;
  const paths: string[] = [];
  run.glyphs.forEach((glyph, i) => {
    const pos = run.positions[i]!;
    const d = glyph.path.toSVG();
    if (d)
      paths.push(
        `<path transform="translate(${(x + (pen + pos.xOffset) * scale).toFixed(2)} ${baseline}) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})" d="${d}"/>`,
      );
    pen += pos.xAdvance;
  });
  return `<g fill="${fill}">${paths.join('')}</g>`;
}

function shareImageSvg(): string {
  const mark = `<g transform="translate(90 165) scale(4.6875)">${markShapes({ ground: BLUE, radius: 14, drop: WHITE, wave: BLUE })}</g>`;
  const [first, second] = ['Український гідрометеорологічний', 'інститут'];
  if (`${first} ${second}` !== SITE_NAME) throw new Error('SITE_NAME changed: update the share image lines');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<rect width="1200" height="630" fill="#f3f7fb"/>
<rect y="570" width="1200" height="60" fill="${BLUE}"/>
<rect y="570" width="1200" height="8" fill="${SUN}"/>
${mark}
${textPath('DejaVuSans-Bold.ttf', SITE_SHORT_NAME, 430, 255, 96, DEEP)}
${textPath('DejaVuSans.ttf', first, 430, 340, 40, '#1f2933')}
${textPath('DejaVuSans.ttf', second, 430, 392, 40, '#1f2933')}
${textPath('DejaVuSans.ttf', 'ДСНС України та НАН України', 430, 460, 30, '#52606d')}
</svg>`;
}

async function png(svgText: string, size: number): Promise<Buffer> {
  return sharp(Buffer.from(svgText), { density: 72 * (size / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function main() {
  writeFileSync(path.join(OUT, 'icon.svg'), iconSvg);
  writeFileSync(path.join(OUT, 'logo.svg'), logoSvg);
  writeFileSync(path.join(OUT, 'icon-192.png'), await png(iconSvg, 192));
  writeFileSync(path.join(OUT, 'icon-512.png'), await png(iconSvg, 512));
  writeFileSync(path.join(OUT, 'apple-touch-icon.png'), await png(squareIconSvg, 180));
  writeFileSync(
    path.join(OUT, 'favicon.ico'),
    await pngToIco(await Promise.all([16, 32, 48].map((s) => png(iconSvg, s)))),
  );
  writeFileSync(
    path.join(OUT, 'og-image.png'),
    await sharp(Buffer.from(shareImageSvg())).png({ compressionLevel: 9 }).toBuffer(),
  );
  const manifest = {
    name: SITE_NAME,
    short_name: SITE_SHORT_NAME,
    description: 'Наукові дослідження клімату, гідрології, агрометеорології та стану довкілля',
    lang: 'uk',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'browser',
    background_color: '#ffffff',
    theme_color: BLUE,
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  };
  writeFileSync(path.join(OUT, 'site.webmanifest'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`icons written to ${OUT}`);
}

await main();
