/** Renders admin widgets inside the admin's Mantine theme, as the admin shell does. */
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { adminTheme } from '../../src/client/admin/theme';

export function renderAdmin(ui: ReactNode) {
  return render(<MantineProvider theme={adminTheme}>{ui}</MantineProvider>);
}
