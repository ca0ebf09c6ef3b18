/**
 * Typed time entry for Mantine's TimePicker boxes (@mantine/dates 9.7.3 `SpinInput`): the first
 * digit typed after the box is focused or clicked replaces the whole box, as in a native time field.
 *
 * Why: Mantine selects the box on focus, but a click leaves the caret inside the padded `00`, and
 * then `SpinInput` reads the keys as edits of `00`: a `0` with `00` not all selected jumps to the
 * minutes, and `2` typed into `0|0` makes `020` = 20 and jumps too, so `0900` became 00:00 → 00:09
 * and `2359` became 20:09 (QA finding 2). Selecting the box before its first digit makes Mantine's
 * own two-digit logic apply: `0`,`9` → 09; `2`,`3` → 23; then the focus moves to the minutes.
 */
import type { FocusEvent, KeyboardEvent, PointerEvent } from 'react';

/** Boxes focused or clicked whose next digit starts a new entry. */
const fresh = new WeakSet<HTMLInputElement>();

const markFresh = (event: FocusEvent<HTMLInputElement> | PointerEvent<HTMLInputElement>) => {
  fresh.add(event.currentTarget);
};

/** Props for `timePickerProps.hoursInputProps` / `minutesInputProps` (they spread onto the `<input>`). */
export const WHOLE_BOX_ENTRY = {
  onFocus: markFresh,
  onPointerDown: markFresh,
  // Capture phase: runs before SpinInput's own onKeyDown, which looks at the selection.
  onKeyDownCapture: (event: KeyboardEvent<HTMLInputElement>) => {
    const box = event.currentTarget;
    if (!/^\d$/.test(event.key) || !fresh.has(box)) return;
    fresh.delete(box);
    box.select();
  },
};
