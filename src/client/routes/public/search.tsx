/** /search?q=…&type=…&page=N: the visitor search (server/search/service.ts), filtered by type, with highlighted snippets. */
import { Fragment } from 'react';
import { Form, useLocation } from 'react-router';
import { Link } from 'react-router';
import { parsePageParam } from '../../../shared/routes';
import { clipSearchQuery, type SearchPage, type TextPart } from '../../../shared/searchResults';
import { definePage } from '../../app/definePage';
import { EmptyState } from '../../components/Cards';
import { PageHeader } from '../../components/PageHeader';
import { PageMeta } from '../../components/PageMeta';
import { Pagination } from '../../components/Pagination';
import { SearchTypeFilter } from '../../components/SearchTypeFilter';
import { SearchQueryField } from '../../components/SearchForm';
import { trpc } from '../../lib/trpc';

/** What a `type=` value may look like to be passed on (a content type's key); the server checks it is one. */
const TYPE_PARAM = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/**
 * The search input of a URL: the query (a longer one than MAX_SEARCH_QUERY, pasted or typed into the
 * address, is searched by its first whole words rather than refused: `clipSearchQuery`), the page
 * and the type filter (left out when it cannot be a type's key; an unknown key filters nothing).
 */
function searchInput(search: URLSearchParams | string): { q: string; page: number; type?: string } {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const type = params.get('type');
  return {
    q: clipSearchQuery(params.get('q') ?? ''),
    page: parsePageParam(params) ?? 1,
    ...(type && TYPE_PARAM.test(type) ? { type } : {}),
  };
}

/** The canonical query of a results page: the query, the type filter when it is one, the page past the first. */
function canonicalQuery(result: Pick<SearchPage, 'q' | 'type' | 'page'>): string {
  const params = new URLSearchParams({ q: result.q });
  if (result.type) params.set('type', result.type);
  if (result.page > 1) params.set('page', String(result.page));
  return params.toString();
}

const SEARCH_DESCRIPTION =
  'Пошук по сайту Українського гідрометеорологічного інституту: новини, документи, публікації, дані.';

/** Text parts with the matched words in <mark> (React escapes every part). */
function Marked({ parts }: { parts: TextPart[] }) {
  return <>{parts.map((p, i) => (p.mark ? <mark key={i}>{p.text}</mark> : <Fragment key={i}>{p.text}</Fragment>))}</>;
}

function Results(input: { q: string; page: number; type?: string }) {
  const [result] = trpc.search.query.useSuspenseQuery(input);
  const typeLabel = result.types.find((t) => t.type === result.type)?.label;
  // The hits the pages can show (the search answers at most MAX_SEARCH_PAGE pages).
  const shown = result.pageCount * result.limit;
  return (
    <>
      <QueryForm q={input.q} type={result.type} />
      <PageMeta
        title={`Пошук: ${result.q}`}
        context={typeLabel}
        page={result.page}
        canonicalQuery={canonicalQuery(result)}
        description={SEARCH_DESCRIPTION}
      />
      <SearchTypeFilter result={result} />
      <p className="search-count" role="status">
        {result.total ? `Знайдено результатів: ${result.total}` : 'Нічого не знайдено'}
        {shown < result.total ? `. Показано перші ${shown} результатів; уточніть запит.` : null}
      </p>
      {result.items.length ? (
        <ol className="search-results" start={(result.page - 1) * result.limit + 1}>
          {result.items.map((hit) => (
            <li key={`${hit.type}/${hit.url}`} className="search-result">
              <p className="search-type">{hit.typeLabel}</p>
              <h2 className="search-title">
                <Link to={hit.url}>
                  <Marked parts={hit.title} />
                </Link>
              </h2>
              {hit.snippet.length > 0 && (
                <p className="search-snippet">
                  <Marked parts={hit.snippet} />
                </p>
              )}
            </li>
          ))}
        </ol>
      ) : (
        <EmptyState>Спробуйте інші слова або коротший запит.</EmptyState>
      )}
      <Pagination page={result.page} pageCount={result.pageCount} />
    </>
  );
}

/**
 * The query field of the results page (on phones the header shows only the search button). `type`,
 * a searched type's key the results are filtered by, goes with a new query as a hidden field, so the
 * visitor stays on that filter (the filter row still offers «Усі»).
 */
function QueryForm({ q, type }: { q: string; type?: string | null }) {
  // A fixed id for the remounted input (see SearchForm).
  const id = 'search-page-q';
  return (
    <Form method="get" action="/search" className="search-page-form">
      <SearchQueryField id={id} q={q} label="Запит" />
      {type && <input type="hidden" name="type" value={type} />}
      <button type="submit">Знайти</button>
    </Form>
  );
}

export const searchPage = definePage({
  path: '/search',
  validate: ({ url }) => parsePageParam(url.searchParams) !== null,
  prefetch: async (utils, { url }) => {
    const input = searchInput(url.searchParams);
    if (input.q) await utils.search.query.ensureData(input);
  },
  Component: function SearchPage() {
    const { search } = useLocation();
    const input = searchInput(search);
    return (
      <>
        {!input.q && <PageMeta title="Пошук" description={SEARCH_DESCRIPTION} />}
        <PageHeader title="Пошук" crumbs={[{ label: 'Пошук' }]} />
        {input.q ? (
          <Results {...input} />
        ) : (
          <>
            <QueryForm q="" />
            <p className="search-count">Введіть слова для пошуку.</p>
          </>
        )}
      </>
    );
  },
});
