/**
 * A department with 105 staff: its edit page's «Співробітники» panel (RelatedPanel) lists the first
 * 100 with «Показано 100 з 105», and «Показати ще» brings the other 5. The panel's tRPC client talks
 * to the real embedded server on loopback (SQLite, no seed) with a signed-in administrator's session.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { MemoryRouter } from 'react-router';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDoc } from '../../src/client/admin/contentApi';
import { RelatedPanel, relatedTypesOf } from '../../src/client/admin/pages/ChildrenPanel';
import { createQueryClient } from '../../src/client/lib/queryClient';
import { trpc } from '../../src/client/lib/trpc';
import { contentTypes } from '../../src/shared/content/registry';
import type { AppRouter } from '../../src/server/trpc/appRouter';
import { disposeAuthClients } from '../integration/firebaseClient';
import { signedInServer, type TestServer } from '../integration/helpers';
import { renderAdmin } from './render';

const STAFF = 105;
const DEPARTMENT = { id: 'dep-hydrology', title: 'Відділ гідрології' } as unknown as AdminDoc;
const nameOf = (i: number) => `Співробітник ${String(i).padStart(3, '0')}`;

let server: TestServer;
let origin: string;
let cookie: string;

beforeAll(async () => {
  const admin = { email: 'related-panel-admin@uhmi.example.org', password: 'admin-password-1' };
  ({ server, origin, cookie } = await signedInServer(admin, 'admin'));
  await server.store.create(
    'departments',
    contentTypes.departments.schema.parse({ title: 'Відділ гідрології', slug: 'hidrolohiia', status: 'published' }),
    { id: DEPARTMENT.id },
  );
  for (let i = 0; i < STAFF; i++)
    await server.store.create(
      'users',
      contentTypes.users.schema.parse({
        title: nameOf(i),
        slug: `spivrobitnyk-${i}`,
        status: 'published',
        departmentId: DEPARTMENT.id,
        order: i,
      }),
      { id: `staff-${i}` },
    );
}, 60_000);

afterAll(async () => {
  await disposeAuthClients();
  await server?.dispose();
});

/** The department's staff panel, as its edit page shows it, with the admin's tRPC client pair. */
function renderStaffPanel() {
  const relation = relatedTypesOf(contentTypes.departments).find((r) => r.type.key === 'users')!;
  const queryClient = createQueryClient();
  const client = createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${origin}/api/trpc`, transformer: superjson, headers: { cookie } })],
  });
  renderAdmin(
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <RelatedPanel parent={DEPARTMENT} relation={relation} />
        </MemoryRouter>
      </QueryClientProvider>
    </trpc.Provider>,
  );
}

/** The links to staff members' edit pages (by selector: *ByRole is slow on 100 links). */
const staffLinks = () => document.querySelectorAll('a[href^="/edit/admin/config/Users/"]');

describe('related documents panel past one page', () => {
  it('shows 100 of 105 staff with the count, and the rest on «Показати ще»', async () => {
    const user = userEvent.setup();
    renderStaffPanel();
    await screen.findByText('Показано 100 з 105', {}, { timeout: 15_000 });
    expect(staffLinks()).toHaveLength(100);

    await user.click(screen.getByRole('button', { name: 'Показати ще' }));
    await screen.findByText('Показано 105 з 105', {}, { timeout: 15_000 });
    expect(staffLinks()).toHaveLength(STAFF);
    for (let i = 0; i < STAFF; i++) expect(screen.getByText(nameOf(i))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Показати ще' })).toBeNull());
  }, 60_000);
});
