/**
 * The admin's Mantine theme, with the spec's UI defaults (section 9):
 * modals: z-index base 1000, overlay fade 0.2 s, click outside closes, Escape does not;
 * tooltips: scale animation, show delay 500 ms, hide delay 200 ms, max width 350, z-index 9999,
 * offset [0, 10], fade durations 300 / 250 ms.
 *
 * Contrast (WCAG AA, 4.5:1 for text): the primary colour is used at shade 8 (#1971c2, 4.6:1 on white;
 * Mantine's default shade 6 is 3.6:1) and dimmed text is gray 7 (#495057) instead of gray 6.
 */
import { createTheme, Modal, Tooltip, type CSSVariablesResolver } from '@mantine/core';

export const MODAL_DEFAULTS = {
  zIndex: 1000,
  closeOnClickOutside: true,
  closeOnEscape: false,
  transitionProps: { transition: 'fade' as const, duration: 200 },
  overlayProps: { backgroundOpacity: 0.45, blur: 2 },
  centered: true,
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
    Tooltip: Tooltip.extend({ defaultProps: TOOLTIP_DEFAULTS }),
  },
});

/** CSS variables the theme object cannot set: dimmed text dark enough for 4.5:1 on white. */
export const adminCssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
