/**
 * Vitest's asymmetric matchers, typed `unknown` instead of `any`. `expect.any(String)` returns `any`, so
 * placing it in an expected object trips no-unsafe-assignment; these are the same matchers, and an
 * expected value is only ever compared, never used.
 */
import { expect } from 'vitest';

export const any = (type: unknown): unknown => expect.any(type);
export const stringContaining = (text: string): unknown => expect.stringContaining(text);
export const stringMatching = (pattern: string | RegExp): unknown => expect.stringMatching(pattern);
export const arrayContaining = (items: readonly unknown[]): unknown => expect.arrayContaining(items as unknown[]);
