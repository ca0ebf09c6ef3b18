/** The search page's query cut: a query over MAX_SEARCH_QUERY characters keeps its first whole words. */
import { describe, expect, it } from 'vitest';
import { clipSearchQuery, MAX_SEARCH_QUERY } from '../../src/shared/searchResults';

describe('clipSearchQuery', () => {
  it('trims a query within the limit and leaves it whole', () => {
    expect(clipSearchQuery('  кліматичні норми  ')).toBe('кліматичні норми');
    const exact = 'а'.repeat(MAX_SEARCH_QUERY);
    expect(clipSearchQuery(exact)).toBe(exact);
  });

  it('drops the word the limit falls inside', () => {
    const q = 'клімат '.repeat(29).trim(); // 202 characters: the limit falls inside the 29th word
    const clipped = clipSearchQuery(q);
    expect(clipped).toBe('клімат '.repeat(28).trim());
    expect(clipped.length).toBeLessThanOrEqual(MAX_SEARCH_QUERY);
  });

  it('keeps a word that ends exactly at the limit, and apostrophes belong to their word', () => {
    const head = 'x'.repeat(MAX_SEARCH_QUERY - 7);
    expect(clipSearchQuery(`${head} обʼєкт наступне`)).toBe(`${head} обʼєкт`);
    expect(clipSearchQuery(`${head}  об'єкти`)).toBe(head);
  });

  it('cuts a single word longer than the limit where the limit falls', () => {
    expect(clipSearchQuery('я'.repeat(500))).toBe('я'.repeat(MAX_SEARCH_QUERY));
  });
});
