/**
 * The site search form (in the header): a GET form to /search with `q`, so it works without
 * JavaScript; with it, react-router's <Form> navigates in the page. On /search it shows the query.
 */
import { Form, useLocation } from 'react-router';
import { SEARCH_INPUT_MAX } from '../../shared/searchResults';

/**
 * A fixed id, not useId: the input is remounted for each query (key), and the public bundle's Preact
 * keeps the server's ids from hydration, so a fresh useId on the new input would no longer match the
 * label's `for`. There is one header form per page.
 */
const INPUT_ID = 'site-search-q';

/**
 * The label and query field (`q`) of a search form. The input is remounted for each query (`key`), so
 * it shows the query navigated to; `id` must be fixed (see INPUT_ID).
 */
export function SearchQueryField({
  id,
  q,
  label,
  hideLabel = false,
  placeholder,
}: {
  id: string;
  q: string;
  label: string;
  /** The label is for screen readers only. */
  hideLabel?: boolean;
  placeholder?: string;
}) {
  return (
    <>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <input
        key={q}
        id={id}
        type="search"
        name="q"
        defaultValue={q}
        maxLength={SEARCH_INPUT_MAX}
        placeholder={placeholder}
        enterKeyHint="search"
      />
    </>
  );
}

/** The header's search form. */
export function SearchForm() {
  const id = INPUT_ID;
  const location = useLocation();
  const q = location.pathname === '/search' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  return (
    <Form method="get" action="/search" role="search" className="search-form">
      <SearchQueryField id={id} q={q} label="Пошук по сайту" hideLabel placeholder="Пошук" />
      <button type="submit">
        <svg className="search-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <circle cx="6.5" cy="6.5" r="5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M10.2 10.2 15 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="search-button-text">Знайти</span>
      </button>
    </Form>
  );
}
