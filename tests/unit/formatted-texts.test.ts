/**
 * Texts formatted with Intl, kept by input (src/shared/formattedTexts.ts): the server records the
 * ones a render used, and the browser keeps the server's before hydrating, so hydration formats
 * nothing.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  formattedText,
  keepFormattedTexts,
  openRecordings,
  recordFormattedTexts,
  reuseFormattedTexts,
  startRecordingTexts,
} from '../../src/shared/formattedTexts';
import { formatBytes } from '../../src/client/lib/files';
import { formatDate, formatDateRange } from '../../src/shared/dates';

describe('formattedTexts', () => {
  it('makes a text once and records, per render, the texts that render used', () => {
    const make = vi.fn(() => 'один');
    expect(formattedText('test-a', make)).toBe('один');
    const { result, texts } = recordFormattedTexts(() => [formattedText('test-a', make), formatDate('2026-03-23')]);
    expect(result).toEqual(['один', '23 березня 2026\u00a0р.']);
    expect(texts).toEqual({ 'test-a': 'один', 'd2026-03-23': '23 березня 2026\u00a0р.' });
    expect(make).toHaveBeenCalledTimes(1);
    // A recording inside another records its texts for both; one left open ends with the outer one.
    const outer = recordFormattedTexts(() => {
      formattedText('test-b', () => 'два');
      const inner = recordFormattedTexts(() => formatBytes(1_572_864));
      const part = startRecordingTexts();
      formattedText('test-c', () => 'три');
      const partTexts = part.stop();
      formattedText('test-d', () => 'чотири');
      startRecordingTexts();
      return { inner: inner.texts, part: Object.fromEntries(partTexts) };
    });
    expect(outer.result).toEqual({ inner: { b1572864: '1,5 МБ' }, part: { 'test-c': 'три' } });
    expect(outer.texts).toEqual({ 'test-b': 'два', b1572864: '1,5 МБ', 'test-c': 'три', 'test-d': 'чотири' });
    expect(openRecordings()).toBe(0);
    expect(recordFormattedTexts(() => formattedText('test-e', () => 'пʼять')).texts).toEqual({ 'test-e': 'пʼять' });
    // A kept part reused records its texts as if it had formatted them.
    const reused = recordFormattedTexts(() => reuseFormattedTexts(new Map([['test-f', 'шість']])));
    expect(reused.texts).toEqual({ 'test-f': 'шість' });
  });

  it('gives the texts the server handed over without formatting them', () => {
    keepFormattedTexts({
      'd1999-01-01': 'текст сервера',
      'r1999-01-01/1999-01-02': 'діапазон сервера',
      bad: 5,
    } as never);
    expect(formatDate('1999-01-01')).toBe('текст сервера');
    expect(formatDateRange('1999-01-01', '1999-01-02')).toBe('діапазон сервера');
    expect(formattedText('bad', () => 'made here')).toBe('made here');
    keepFormattedTexts(undefined);
  });
});
