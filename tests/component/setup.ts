/**
 * jsdom lacks a few browser APIs that Mantine calls while rendering (media queries, element resize
 * observation, scrolling into view, the font loading set). They are given inert stand-ins here: the tests assert what
 * the widgets show and submit, not layout.
 */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

if (typeof window.matchMedia !== 'function')
  window.matchMedia = (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  });

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

// Mantine's autosize textarea re-measures when web fonts finish loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }) });
}

if (typeof Element.prototype.scrollIntoView !== 'function')
  Element.prototype.scrollIntoView = function scrollIntoView() {};

afterEach(() => cleanup());
