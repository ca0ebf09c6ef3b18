/**
 * The admin's Mantine theme, with the spec's UI defaults (section 9):
 * modals: z-index base 1000, overlay fade 0.2 s, click outside closes, Escape does not;
 * tooltips: scale animation, show delay 500 ms, hide delay 200 ms, max width 350, z-index 9999,
 * offset [0, 10], fade durations 300 / 250 ms.
 *
 * Contrast (WCAG AA, 4.5:1 for text): the primary colour is used at shade 8 (#1971c2, 4.6:1 on white;
 * Mantine's default shade 6 is 3.6:1); dimmed text gray 7 (#495057), placeholders #6c757d, errors red 9, light badges
 * (the lists' state badges) have darker text (LIGHT_VARIANT_TEXT).
 * Every Modal and Drawer close button is named «Закрити» (it holds only an icon); every PasswordInput's
 * reveal button «Показати пароль» (Mantine marks it aria-pressed while the password shows).
 */
import { createTheme, Drawer, Modal, PasswordInput, Tooltip, type CSSVariablesResolver } from '@mantine/core';

/** The accessible name of the icon-only close button of modals and drawers. */
export const CLOSE_BUTTON_PROPS = { 'aria-label': 'Закрити' };

/** The accessible name of PasswordInput's icon-only reveal button (Mantine's default is English). */
export const PASSWORD_TOGGLE_PROPS = { 'aria-label': 'Показати пароль' };

export const MODAL_DEFAULTS = {
  zIndex: 1000,
  closeOnClickOutside: true,
  closeOnEscape: false,
  transitionProps: { transition: 'fade' as const, duration: 200 },
  overlayProps: { backgroundOpacity: 0.45, blur: 2 },
  centered: true,
  closeButtonProps: CLOSE_BUTTON_PROPS,
};

export const TOOLTIP_DEFAULTS = {
  openDelay: 500,
  closeDelay: 200,
  maw: 350,
  zIndex: 9999,
  offset: { mainAxis: 10, crossAxis: 0 },
  multiline: true,
  withArrow: true,
  transitionProps: { transition: 'scale' as const, duration: 300, exitDuration: 250 },
};

export const adminTheme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', Ubuntu, Arial, sans-serif",
  defaultRadius: 'md',
  components: {
    Modal: Modal.extend({ defaultProps: MODAL_DEFAULTS }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: CLOSE_BUTTON_PROPS } }),
    Tooltip: Tooltip.extend({ defaultProps: TOOLTIP_DEFAULTS }),
    PasswordInput: PasswordInput.extend({ defaultProps: { visibilityToggleButtonProps: PASSWORD_TOGGLE_PROPS } }),
  },
});

/**
 * Text of the light variant (badges) per colour, at 4.7:1 or more on its own tinted background
 * (shade 6 at 10 % on white): shade 9 where that suffices, else shade 9 darkened (green 9 is 4.0:1).
 */
const LIGHT_VARIANT_TEXT: Record<string, string> = {
  blue: 'var(--mantine-color-blue-9)',
  green: '#277c38',
  orange: '#ba3e0c',
  gray: 'var(--mantine-color-gray-9)',
  red: 'var(--mantine-color-red-9)',
  yellow: '#aa5700',
  teal: '#087956',
  violet: 'var(--mantine-color-violet-9)',
};

/** CSS variables the theme object cannot set: dimmed text, placeholders and light badges at 4.5:1 on white. */
export const adminCssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // 4.7:1 on white; Mantine's gray 5 is 2.1:1.
    '--mantine-color-placeholder': '#6c757d',
    // Invalid inputs' text and error messages: red 9 (#c92a2a) is 5.4:1; Mantine's red 6 is 3.3:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(Object.entries(LIGHT_VARIANT_TEXT).map(([c, v]) => [`--mantine-color-${c}-light-color`, v])),
  },
  dark: {},
});
