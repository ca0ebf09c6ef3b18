/**
 * Server render: the HTML of parts drawn from shared answers (the site header and footer, every
 * list of cards) kept between renders, so a page that is not in the page cache renders only what
 * is its own (issue 13: the header and footer were a fifth to a quarter of an uncached render, for
 * the same markup on every page; the cards most of `/News`'s).
 *
 * A part is kept under the identity of the data it was rendered from (`data`: the read cache's
 * frozen answer, the same object for every render until its content type changes or its time is
 * up, see src/server/ssr/readCache.ts) and a string of whatever else it reads (`key`: for the
 * header, the location its active links and search box depend on; for a card list, its name). New
 * data is a new object, so an edit is never served stale, and the entries of an old object go with
 * it (a WeakMap).
 *
 * A part renders as one element, from the component that calls `useCachedFragment` and returns
 * that element (everything the part shows comes from `data` and `key`; its descendants read no
 * queries). On a miss it renders normally with a `data-fragment` attribute and, as its last child,
 * an end marker that renders nothing: between the hook and the marker (React renders a subtree
 * depth first) the render records what the part leaves beside its markup, the texts it formatted
 * (shared/formattedTexts.ts) and the priority images it offered (priorityImage.ts). Once
 * renderToString is done, `FragmentRender.capture` cuts the element's inner HTML out of the page,
 * keeps it with those records and removes the attribute. On a hit the element is rendered with that
 * inner HTML (`dangerouslySetInnerHTML`), and the strings behind its marks (`data-s`,
 * sharedStrings.ts: tokens that depend only on the string), its texts and its images are recorded
 * for this render as if it had rendered them. The markup is the same either way, so the browser,
 * which always renders the part itself, hydrates the same DOM. A part whose render fell back to
 * client rendering (an error in a Suspense boundary) or did not reach its end is not kept.
 */
import { createContext, createElement, useContext, type ReactNode } from 'react';
import { reuseFormattedTexts, startRecordingTexts } from '../../shared/formattedTexts';
import type { PriorityImage, PriorityImageRecord } from './priorityImage';
import { stringsOf, type ShownStrings } from './sharedStrings';

interface Fragment {
  /** The element's inner HTML as rendered. */
  html: string;
  /** What its string tokens stand for (token → string, null: not to be referred to). */
  strings: Map<string, string | null>;
  /** The texts its render formatted, key → text. */
  texts: ReadonlyMap<string, string>;
  /** The priority images its render offered, in document order. */
  images: readonly PriorityImage[];
}

/** A part being rendered: where it is, and what its render recorded once its end marker rendered. */
interface Miss {
  id: string;
  data: object;
  key: string;
  tag: string;
  recording: { stop: () => Map<string, string> };
  imagesFrom: number;
  ended?: { texts: Map<string, string>; images: PriorityImage[] };
}

/** The kept parts of every render of one server. */
export class FragmentCache {
  /** Off: every render makes every part (tests compare both). */
  enabled = true;
  private readonly byData = new WeakMap<object, Map<string, Fragment>>();

  /** `perData`: most keys kept for one data object (the oldest goes first): bounds a crawl of many addresses. */
  constructor(private readonly perData = 200) {}

  /** Parts served from the cache and parts rendered, since the start. */
  readonly stats = { hits: 0, misses: 0 };

  get(data: object, key: string): Fragment | undefined {
    const fragment = this.byData.get(data)?.get(key);
    if (fragment) this.stats.hits += 1;
    else this.stats.misses += 1;
    return fragment;
  }

  set(data: object, key: string, fragment: Fragment): void {
    let entries = this.byData.get(data);
    if (!entries) this.byData.set(data, (entries = new Map<string, Fragment>()));
    if (entries.size >= this.perData) entries.delete(entries.keys().next().value!);
    entries.set(key, fragment);
  }
}

/** One render's use of the cache: hits replayed, misses marked, recorded and captured after rendering. */
export class FragmentRender {
  private readonly misses: Miss[] = [];
  /** The kept parts this render used, in document order (the server gzips around the large ones: server/ssr/splicedGzip.ts). */
  readonly kept: Array<{ readonly html: string }> = [];
  /** Makes this render's marker attributes unguessable: rich text may contain any text, ` data-fragment="f0"` included. */
  private readonly nonce = globalThis.crypto.randomUUID().slice(0, 8);

  constructor(
    private readonly cache: FragmentCache,
    private readonly shown: ShownStrings,
    private readonly priority: PriorityImageRecord,
  ) {}

  /** This render's inner HTML of the part kept for (data, key), its records replayed; or undefined. */
  hit(data: object, key: string): string | undefined {
    const fragment = this.cache.get(data, key);
    if (!fragment) return undefined;
    this.shown.add(fragment.strings);
    reuseFormattedTexts(fragment.texts);
    for (const image of fragment.images) this.priority.offer(image);
    this.kept.push(fragment);
    return fragment.html;
  }

  /** Records a miss of element `tag` and starts recording its render; returns the value of its `data-fragment` attribute. */
  miss(data: object, key: string, tag: string): string {
    const id = `f${this.misses.length}-${this.nonce}`;
    this.misses.push({
      id,
      data,
      key,
      tag,
      recording: startRecordingTexts(),
      imagesFrom: this.priority.offered.length,
    });
    return id;
  }

  /** The end marker of miss `id` rendered: its records are complete. */
  end(id: string): void {
    const miss = this.misses.find((m) => m.id === id);
    if (!miss || miss.ended) return;
    miss.ended = { texts: miss.recording.stop(), images: this.priority.offered.slice(miss.imagesFrom) };
  }

  /** After renderToString: keeps the missed parts' inner HTML; returns `html` without their attributes. */
  capture(html: string): string {
    let out = html;
    // Innermost first: a part inside another is cut out (and its marker removed) before the outer one.
    for (const miss of [...this.misses].reverse()) {
      if (!miss.ended) miss.recording.stop();
      const attribute = ` data-fragment="${miss.id}"`;
      const at = out.indexOf(attribute);
      if (at < 0) continue;
      const open = out.indexOf('>', at) + 1;
      const close = closingTag(out, miss.tag, open);
      // A copy, not a slice: V8 keeps a slice's whole parent string (the page) alive with it.
      const inner = close < 0 ? null : flatCopy(out.slice(open, close));
      if (miss.ended && inner !== null && !inner.includes('<!--$!-->'))
        this.cache.set(miss.data, miss.key, { html: inner, strings: stringsOf(inner, this.shown), ...miss.ended });
      out = out.slice(0, at) + out.slice(at + attribute.length);
    }
    return out;
  }
}

/** `text` in a string of its own (concatenating makes a new string, which slice then flattens). */
function flatCopy(text: string): string {
  return ` ${text}`.slice(1);
}

/** Where the `</tag>` closing the element whose content starts at `from` begins, or -1. */
function closingTag(html: string, tag: string, from: number): number {
  const pattern = new RegExp(`<(/?)${tag}[\\s>]`, 'g');
  pattern.lastIndex = from;
  let depth = 1;
  for (let m = pattern.exec(html); m; m = pattern.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return m.index;
  }
  return -1;
}

export const FragmentRenderContext = createContext<FragmentRender | null>(null);

/**
 * For a part rendered as one `tag` element from `data` (and `key`): the props to spread on that
 * element and its last child, `end` (the end marker of a miss, or null). `cached` means its inner
 * HTML is in the props: render it without children. In the browser, or without data, nothing.
 */
export function useCachedFragment(
  tag: string,
  data: object | null | undefined,
  key = '',
): { cached: boolean; props: Record<string, unknown>; end: ReactNode } {
  const render = useContext(FragmentRenderContext);
  // Only a frozen answer stays the same data for as long as it is the same object.
  if (!render || !data || !Object.isFrozen(data)) return NOT_CACHED;
  const html = render.hit(data, key);
  if (html !== undefined) return { cached: true, props: { dangerouslySetInnerHTML: { __html: html } }, end: null };
  const id = render.miss(data, key, tag);
  return { cached: false, props: { 'data-fragment': id }, end: createElement(FragmentEnd, { id }) };
}

/** Renders nothing; rendered after every other descendant of a missed part, it ends the part's records. */
function FragmentEnd({ id }: { id: string }): null {
  useContext(FragmentRenderContext)?.end(id);
  return null;
}

const NOT_CACHED = { cached: false, props: {}, end: null };
