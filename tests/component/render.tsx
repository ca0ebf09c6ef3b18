/** Renders admin widgets inside the admin's Mantine theme, as the admin shell does. */
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { adminTheme } from '../../src/client/admin/theme';

/**
 * `env: 'test'` turns off Mantine's transitions and portals: jsdom never ends a transition, so an
 * opened dropdown (a date picker's) would stay `display: none`.
 */
export function renderAdmin(ui: ReactNode, { env }: { env?: 'test' } = {}) {
  return render(
    <MantineProvider theme={adminTheme} env={env}>
      {ui}
    </MantineProvider>,
  );
}
