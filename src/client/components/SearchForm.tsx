/**
 * The site search form (in the header): a GET form to /search with `q`, so it works without
 * JavaScript; with it, react-router's <Form> navigates in the page. On /search it shows the query.
 */
import { useId } from 'react';
import { Form, useLocation } from 'react-router';
import { MAX_SEARCH_QUERY } from '../../shared/searchResults';

export function SearchForm() {
  const id = useId();
  const location = useLocation();
  const q = location.pathname === '/search' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  return (
    <Form method="get" action="/search" role="search" className="search-form">
      <label htmlFor={id} className="visually-hidden">
        Пошук по сайту
      </label>
      <input key={q} id={id} type="search" name="q" defaultValue={q} maxLength={MAX_SEARCH_QUERY} placeholder="Пошук" enterKeyHint="search" />
      <button type="submit">Знайти</button>
    </Form>
  );
}
