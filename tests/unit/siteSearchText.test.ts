/** The visitor search's text pieces: Ukrainian terms, rich text as plain text, highlighted snippets. */
import { describe, expect, it } from 'vitest';
import { htmlToPlainText } from '../../src/server/search/plainText';
import { MAX_WEIGHTED_TERM, MAX_WEIGHTED_TERMS, termWeights } from '../../src/server/search/rank';
import { highlight, snippet } from '../../src/server/search/snippet';
import { queryTerms, termsOf } from '../../src/server/search/stem';

describe('terms', () => {
  it('gives the forms of a Ukrainian word one term', () => {
    const [term] = queryTerms('прогнозу');
    expect(termsOf('Прогноз прогнози прогнозів ПРОГНОЗАМИ')).toEqual([term, term, term, term]);
    expect(new Set(termsOf('гомогенізація гомогенізації гомогенізацію')).size).toBe(1);
  });

  it('keeps apostrophes of any kind out and other scripts and numbers as they are', () => {
    expect(termsOf("м'ясо")).toEqual(termsOf('мʼясо'));
    expect(termsOf('ClimUAd 2024')).toEqual(['climuad', '2024']);
  });

  it('reads Latin look-alike letters inside a Cyrillic word as Cyrillic, and leaves Latin words alone', () => {
    expect(termsOf('клiмат')).toEqual(termsOf('клімат')); // Latin i
    expect(termsOf('Днiпро KИЇВ гiдрологiя')).toEqual(termsOf('Дніпро Київ гідрологія'));
    expect(termsOf('ClimUAd climate')).toEqual(['climuad', 'climate']);
  });

  it('reads «ґ» as «г», so both spellings of a word meet', () => {
    expect(termsOf('ґрунт ґрунтів Ґанок')).toEqual(termsOf('грунт грунтів ганок'));
    expect(queryTerms('грунтові води')).toEqual(queryTerms('ґрунтові води'));
  });

  it('reads at most 8 distinct terms of a query', () => {
    expect(queryTerms('дані дані даних')).toHaveLength(1);
    expect(queryTerms('a b c d e f g h i j')).toHaveLength(8);
  });
});

describe('htmlToPlainText', () => {
  it('keeps the text, decodes entities, separates blocks and drops scripts', () => {
    expect(
      htmlToPlainText(
        '<h2>Заголовок</h2><p>Перший&nbsp;абзац &amp; &lt;b&gt;</p><script>alert(1)</script><ul><li>один</li><li>два</li></ul>',
      ),
    ).toBe('Заголовок Перший абзац & <b> один два');
  });
});

describe('snippets', () => {
  it('marks the query’s words in any form', () => {
    expect(highlight('Прогнози погоди на тиждень', queryTerms('прогноз'))).toEqual([
      { text: 'Прогнози', mark: true },
      { text: ' погоди на тиждень' },
    ]);
  });

  it('shows the window with the most matched terms, cut with «…»', () => {
    const words = Array.from({ length: 100 }, (_, i) => `слово${i}`);
    words[10] = 'посуха';
    words[70] = 'посуха';
    words[72] = 'опади';
    const parts = snippet(words.join(' '), queryTerms('посуха опадів'));
    expect(parts[0]).toEqual({ text: '… ' });
    expect(parts[parts.length - 1]).toEqual({ text: ' …' });
    expect(parts.filter((p) => p.mark).map((p) => p.text)).toEqual(['посуха', 'опади']);
  });

  it('starts at the beginning when only the title matched', () => {
    const parts = snippet('Короткий опис без збігів.', queryTerms('посуха'));
    expect(parts).toEqual([{ text: 'Короткий опис без збігів.' }]);
  });
});

describe('stored term weights (Firestore)', () => {
  it('weigh a title term above a text term, and keep at most MAX_WEIGHTED_TERMS short enough terms', () => {
    const weights = termWeights({ title: 'посух півдн', body: 'посух дощ дощ дощ' });
    expect(weights.посух).toBeGreaterThan(weights.дощ!);
    expect(weights.півдн).toBeGreaterThan(weights.дощ!);
    const many = Array.from({ length: MAX_WEIGHTED_TERMS + 10 }, (_, i) => `t${i}`);
    const capped = termWeights({ title: 'головне', body: [...many, 'x'.repeat(MAX_WEIGHTED_TERM + 1)].join(' ') });
    expect(Object.keys(capped)).toHaveLength(MAX_WEIGHTED_TERMS);
    expect(capped.головне).toBeDefined();
    expect(capped['x'.repeat(MAX_WEIGHTED_TERM + 1)]).toBeUndefined();
  });
});
