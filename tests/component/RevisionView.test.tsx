/**
 * «Історія змін» → «Переглянути»: a news revision shown as people read it, under the form's labels
 * (the registry's news type, no stubs).
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RevisionView } from '../../src/client/admin/pages/RevisionView';
import { news } from '../../src/shared/content/types/news';
import { renderAdmin } from './render';

const DATA = {
  title: 'Тестова новина QA',
  slug: 'testova-novyna-qa',
  summary: '',
  status: 'published',
  publishedAt: null,
  date: '2026-11-20T08:30:00.000Z',
  body: '<p>Перший абзац <strong>жирний</strong></p><p>Другий абзац<script>alert(1)</script></p>',
  cover: { path: 'media/2026/obkladynka.png', name: 'obkladynka.png', contentType: 'image/png', alt: 'Учасники' },
  attachments: [],
  tags: ['клімат', 'семінар'],
};

/** The text under the label `label` in the view. */
function valueOf(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.parentElement!.querySelector('dd')!.textContent;
}

describe('RevisionView', () => {
  it('heads the view with the version and shows each field under its form label, for people', () => {
    renderAdmin(<RevisionView type={news} version={2} data={DATA} />);
    const section = screen.getByRole('region', { name: 'Версія 2' });
    expect(within(section).getByRole('heading', { name: 'Версія 2' })).toBeTruthy();
    expect(valueOf('Заголовок')).toBe('Тестова новина QA');
    expect(valueOf('Стан')).toBe('Опубліковано');
    // 08:30 UTC on 20 November is 10:30 in Kyiv (UTC+2), as the date-time picker shows it.
    expect(valueOf('Дата (київський час)')).toBe('20.11.2026 10:30');
    expect(valueOf('Обкладинка')).toBe('obkladynka.png');
    expect(valueOf('Мітки')).toBe('клімат, семінар');
    expect(valueOf('Файли')).toBe('—');
  });

  it('shows rich text as its paragraphs, never as markup, and runs nothing in it', () => {
    renderAdmin(<RevisionView type={news} version={2} data={DATA} />);
    expect(screen.getByText('Перший абзац жирний')).toBeTruthy();
    expect(screen.getByText('Другий абзацalert(1)')).toBeTruthy();
    expect(document.body.innerHTML).not.toContain('<strong>');
    expect(document.querySelector('script')).toBeNull();
    expect(document.body.textContent).not.toMatch(/"title"|published"|2026-11-20T/);
  });

  it('names a draft in Ukrainian and leaves empty fields as a dash', () => {
    renderAdmin(<RevisionView type={news} version={4} data={{ ...DATA, status: 'draft', cover: null, tags: [] }} />);
    expect(valueOf('Стан')).toBe('Чернетка');
    expect(valueOf('Обкладинка')).toBe('—');
    expect(valueOf('Мітки')).toBe('—');
  });
});
