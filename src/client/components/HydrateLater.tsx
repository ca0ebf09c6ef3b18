/**
 * Staged hydration (issue 13: Total Blocking Time). Hydrating a whole page is one long task on a
 * phone; a part wrapped in `<HydrateLater order={n}>` is hydrated in a task of its own, n yields
 * after the rest, while its server-rendered markup stays on screen as it is (Preact keeps the DOM of
 * a component that suspends while hydrating and resumes into it). Only the first hydration is
 * staged (hydrate.tsx brackets it with `stagedHydration`); later renders, such as client
 * navigations, render the children at once (so does the server render: nothing is staged there, and
 * Preact's Suspense writes no markers). The child must be a single element: Preact keeps one DOM
 * node for a suspended component.
 */
import { Suspense, type ReactNode } from 'react';
import { yieldToMain } from '../lib/yieldToMain';

let staging = false;
const ticks = new Map<number, Promise<void>>();
const released = new Set<number>();

/** The promise that releases stage `order`: `order` yields after the first hydration pass. */
function tick(order: number): Promise<void> {
  let p = ticks.get(order);
  if (!p) {
    p = (order > 1 ? tick(order - 1) : Promise.resolve()).then(yieldToMain).then(() => {
      released.add(order);
    });
    ticks.set(order, p);
  }
  return p;
}

/** Runs `hydrate` (the first hydration) with the HydrateLater parts it meets deferred to tasks of their own. */
export function stagedHydration(hydrate: () => void): void {
  staging = true;
  try {
    hydrate();
  } finally {
    staging = false;
  }
}

/**
 * Resolves once every part the first hydration deferred has been hydrated: after its last stage is
 * released and the task in which Preact resumes the suspended parts (its renders run in microtasks).
 */
export function afterStagedHydration(): Promise<void> {
  return Promise.all(ticks.values()).then(yieldToMain);
}

function Gate({ order, children }: { order: number; children: ReactNode }) {
  // Thrown while the first hydration pass runs; Preact's Suspense resumes this part once it resolves.
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- Suspense's protocol: a thrown promise
  if (staging && !released.has(order)) throw tick(order);
  return children;
}

/** Hydrates its child (one element) `order` tasks after the rest of the page on the first hydration. */
export function HydrateLater({ order, children }: { order: number; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate order={order}>{children}</Gate>
    </Suspense>
  );
}
