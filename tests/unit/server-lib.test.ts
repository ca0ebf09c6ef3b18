import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../src/server/content/sanitize';
import { onePagePdf } from '../../src/server/seed/files';
import { normaliseObjectName } from '../../src/server/storage/objects';
import { parseByteRange } from '../../src/server/storage/range';
import { servesInline } from '../../src/server/storage/inline';
import { contentDispositionFor } from '../../src/server/storage/routes';

describe('rich-text sanitising', () => {
  it('strips scripts, event handlers and javascript: links', () => {
    const html = sanitizeRichText(
      '<p onclick="x()">Текст<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src="x" onerror="y()">',
    );
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(html).toContain('<p>Текст</p>');
  });

  it('keeps headings, lists, tables and safe links; external links open safely', () => {
    const html = sanitizeRichText(
      '<h2>Заголовок</h2><ul><li>a</li></ul><table><tr><td>1</td></tr></table><a href="https://example.org">e</a><a href="/docs">d</a>',
    );
    expect(html).toContain('<h2>Заголовок</h2>');
    expect(html).toContain('<td>1</td>');
    expect(html).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer">e</a>');
    expect(html).toContain('<a href="/docs">d</a>');
  });

  it("keeps an image's description and pixel size; a decorative image keeps its empty alt", () => {
    const html = sanitizeRichText(
      '<img src="https://example.org/a.png" alt="Метеомайданчик" width="640" height="480"><img src="https://example.org/b.png" alt="">',
    );
    expect(html).toBe(
      '<img src="https://example.org/a.png" alt="Метеомайданчик" width="640" height="480" loading="lazy" />' +
        '<img src="https://example.org/b.png" alt="" loading="lazy" />',
    );
  });
});

describe('object names', () => {
  it.each(['../etc/passwd', 'a/../b', '/abs', 'a//b', 'a\\b', 'x\u0000y', '', 'a/./b'])('refuses %j', (name) => {
    expect(normaliseObjectName(name)).toBeNull();
  });
  it('accepts ordinary and Ukrainian names', () => {
    expect(normaliseObjectName('public/seed/звіт 2025.pdf')).toBe('public/seed/звіт 2025.pdf');
  });
});

describe('byte ranges', () => {
  it.each([
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=10-', { start: 10, end: 99 }],
    ['bytes=-5', { start: 95, end: 99 }],
    ['bytes=90-500', { start: 90, end: 99 }],
  ])('parses %s', (header, expected) => {
    expect(parseByteRange(header, 100)).toEqual(expected);
  });
  it('answers unsatisfiable past the end and ignores malformed headers', () => {
    expect(parseByteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseByteRange(undefined, 100)).toBeNull();
  });
});

describe('downloads cannot run as our origin', () => {
  it('forces attachment for anything not allowed inline, whatever the stored disposition', () => {
    expect(contentDispositionFor('public/x.svg', servesInline('image/svg+xml', Buffer.from('<svg/>')))).toMatch(
      /^attachment;/,
    );
    expect(contentDispositionFor('public/x.html', servesInline('text/html', Buffer.from('<p>')), 'inline')).toMatch(
      /^attachment;/,
    );
    expect(contentDispositionFor('public/x.bin', false, 'attachment; filename="x.bin"')).toBe(
      'attachment; filename="x.bin"',
    );
    expect(contentDispositionFor('public/звіт.pdf', servesInline('application/pdf', Buffer.from('%PDF-1.4\n')))).toBe(
      `inline; filename="????.pdf"; filename*=UTF-8''%D0%B7%D0%B2%D1%96%D1%82.pdf`,
    );
  });

  it('allows inline only listed types whose bytes match', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    expect(servesInline('image/png', png)).toBe(true);
    expect(servesInline('IMAGE/PNG; q=1', png)).toBe(true);
    expect(servesInline('image/png', Buffer.from('<html><script>alert(1)</script>'))).toBe(false);
    expect(servesInline('text/plain; charset=utf-8', Buffer.from('рівень води, см\n'))).toBe(true);
    expect(servesInline('text/plain', Buffer.from('\uFEFF  <!doctype html><script>'))).toBe(false);
    expect(servesInline('text/csv', Buffer.from([0x61, 0x00, 0x62]))).toBe(false);
    expect(servesInline('application/zip', Buffer.from('PK\x03\x04rest', 'latin1'))).toBe(true);
    for (const type of [
      'image/svg+xml',
      'text/html',
      'application/xhtml+xml',
      'text/xml',
      'text/javascript',
      'application/x-shockwave-flash',
      'application/octet-stream',
      'image/png, text/html',
    ]) {
      expect(servesInline(type, png)).toBe(false);
    }
  });
});

describe('seed PDFs', () => {
  it('are well-formed PDF files with a correct xref offset', () => {
    const pdf = onePagePdf(['Title', 'line (with parens)']).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    const startxref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe('xref');
    expect(pdf).toContain('(line \\(with parens\\)) Tj');
  });
});
