/**
 * Which files an image field takes (shared/imageFiles.ts): the declared type must be JPEG, PNG,
 * WebP, GIF or SVG and the first bytes that format's, so a renamed text file or program is refused.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isSiteImageType, looksLikeSiteImage } from '../../src/shared/imageFiles';

const text = (s: string) => new TextEncoder().encode(s);

describe('looksLikeSiteImage', () => {
  it.each([
    ['image/png', 'png'],
    ['image/jpeg', 'jpeg'],
    ['image/webp', 'webp'],
    ['image/gif', 'gif'],
  ] as const)('takes a real %s', async (type, format) => {
    const bytes = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#123456' } })
      .toFormat(format)
      .toBuffer();
    expect(looksLikeSiteImage(type, new Uint8Array(bytes))).toBe(true);
    // The same bytes declared as another image type are refused (a lying type is not trusted).
    expect(looksLikeSiteImage(type === 'image/png' ? 'image/gif' : 'image/png', new Uint8Array(bytes))).toBe(false);
  });

  it('takes an SVG with an XML prolog and a BOM, and refuses HTML declared as SVG', () => {
    const svg = '\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg"></svg>';
    expect(looksLikeSiteImage('image/svg+xml', text(svg))).toBe(true);
    expect(looksLikeSiteImage('image/svg+xml', text('<html><body>hi</body></html>'))).toBe(false);
  });

  it('refuses a text file named .png and a program, whatever their declared type', () => {
    expect(looksLikeSiteImage('image/png', text('це не зображення'))).toBe(false);
    expect(looksLikeSiteImage('application/x-msdownload', text('MZ\x90\x00'))).toBe(false);
    expect(looksLikeSiteImage('', text('GIF89a'))).toBe(false);
  });
});

describe('isSiteImageType', () => {
  it('accepts the five image types with parameters and any case, and nothing else', () => {
    expect(isSiteImageType('IMAGE/PNG; charset=binary')).toBe(true);
    expect(isSiteImageType('image/svg+xml')).toBe(true);
    for (const type of ['application/octet-stream', 'image/avif', 'image/bmp', 'text/html', 'image/png-x', ''])
      expect(isSiteImageType(type), type).toBe(false);
  });
});
