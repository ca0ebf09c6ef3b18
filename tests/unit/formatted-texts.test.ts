/** Texts formatted with Intl, kept by input (src/shared/formattedTexts.ts). */
import { describe, expect, it, vi } from 'vitest';
import { FormattedTexts, formattedText } from '../../src/shared/formattedTexts';
import { formatBytes } from '../../src/client/lib/files';
import { formatDate, formatDateRange } from '../../src/shared/dates';

describe('formattedTexts', () => {
  it('makes a text once per key and gives it back after', () => {
    const make = vi.fn(() => 'один');
    expect(formattedText('test-a', make)).toBe('один');
    expect(formattedText('test-a', () => 'інший')).toBe('один');
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('formats dates in Kyiv and sizes in Ukrainian through the memo', () => {
    expect(formatDate('2026-03-23')).toBe('23 березня 2026\u00a0р.');
    expect(formatDateRange('2026-03-22', '2026-03-23')).toBe('22–23 березня 2026\u00a0р.');
    expect(formatBytes(1_572_864)).toBe('1,5 МБ');
  });
});

describe('FormattedTexts', () => {
  it('records the texts one render showed, and hands over the server texts without formatting them', () => {
    const server = new FormattedTexts();
    expect(server.text('d2026-03-23', () => formatDate('2026-03-23'))).toBe('23 березня 2026\u00a0р.');
    expect(server.text('test-only', () => 'один')).toBe('один');
    expect(server.toJSON()).toEqual({ 'd2026-03-23': '23 березня 2026\u00a0р.', 'test-only': 'один' });
    // Two renders never share their records.
    expect(new FormattedTexts().toJSON()).toEqual({});

    const make = vi.fn(() => 'формат браузера');
    const browser = new FormattedTexts({ 'd1999-01-01': 'текст сервера', bad: 5 });
    expect(browser.text('d1999-01-01', make)).toBe('текст сервера');
    expect(make).not.toHaveBeenCalled();
    expect(browser.text('bad', make)).toBe('формат браузера');
  });
});
