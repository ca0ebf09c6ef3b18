/**
 * After a save attempt with errors, focus goes to the first field marked invalid in the form's order
 * (`aria-invalid="true"`: inputs, and an object list's fieldset such as «Автори» when the list itself
 * is refused), so the keyboard and screen reader land where the problem is. react-hook-form's own
 * focusing is off (`shouldFocusError: false`): it follows registration order and skips controlled
 * widgets and lists.
 */
import { useEffect, useRef, type RefObject } from 'react';

/** The first element under `root` marked invalid, in document order, or null. */
export function firstInvalid(root: ParentNode): HTMLElement | null {
  return root.querySelector<HTMLElement>('[aria-invalid="true"]');
}

/**
 * Focuses the first invalid element of `form` after each submit attempt (`submitCount` grows) that
 * left errors (`hasErrors`); it runs after the render that marks the fields.
 */
export function useFocusFirstInvalid(
  form: RefObject<HTMLFormElement | null>,
  submitCount: number,
  hasErrors: boolean,
): void {
  const handled = useRef(0);
  useEffect(() => {
    if (submitCount === handled.current || !hasErrors || !form.current) return;
    handled.current = submitCount;
    firstInvalid(form.current)?.focus();
  }, [form, submitCount, hasErrors]);
}
