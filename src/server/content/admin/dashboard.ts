/** The audit log for administrators and the admin's start page (counts, recent changes, new book orders). */
import type { z } from 'zod';
import type { adminAuditListInput } from '../../../shared/content/adminInput';
import type { AuditEntry, AuditPage } from '../history';
import { withCursorCheck } from '../service';
import { textOf } from '../text';
import type { AdminCore, Data } from './common';

export type AuditListQuery = z.output<typeof adminAuditListInput>;

export interface DashboardSummary {
  counts: Record<string, { total: number; drafts: number; scheduled: number }>;
  recent: AuditEntry[];
  newBookOrders: Array<{
    id: string;
    name: string;
    email: string;
    publicationId: string | null;
    publicationTitle: string | null;
    quantity: number;
    createdAt: string;
  }>;
}

export class AdminDashboard {
  constructor(private readonly core: AdminCore) {}

  /** A page of the audit log, newest first. BAD_REQUEST for a bad cursor. */
  async audit(input: AuditListQuery): Promise<AuditPage> {
    return withCursorCheck(() => this.core.history.audit(input));
  }

  /** Counts per type (total, drafts, scheduled), the 10 latest audit entries and the 10 latest new book orders. */
  async dashboard(): Promise<DashboardSummary> {
    const { store, content, history } = this.core;
    const counts: DashboardSummary['counts'] = {};
    for (const type of this.core.registry.list) {
      counts[type.key] = {
        total: await store.count(type.key),
        drafts: type.publishable ? await store.count(type.key, [{ field: 'status', op: '==', value: 'draft' }]) : 0,
        scheduled: type.publishable ? await store.count(type.key, content.scheduledFilters()) : 0,
      };
    }
    const recent = (await history.audit({ limit: 10 })).entries;
    const orders = await store.list<Data>('bookOrders', {
      where: [{ field: 'state', op: '==', value: 'new' }],
      orderBy: { fields: ['createdAt'], direction: 'desc' },
      limit: 10,
    });
    const titles = new Map<string, string | null>();
    const newBookOrders: DashboardSummary['newBookOrders'] = [];
    for (const order of orders.items) {
      const publicationId = typeof order.data.publicationId === 'string' ? order.data.publicationId : null;
      if (publicationId && !titles.has(publicationId)) {
        const publication = await store.get<Data>('publications', publicationId);
        titles.set(publicationId, publication ? textOf(publication.data.title) : null);
      }
      newBookOrders.push({
        id: order.id,
        name: textOf(order.data.name),
        email: textOf(order.data.email),
        publicationId,
        publicationTitle: publicationId ? (titles.get(publicationId) ?? null) : null,
        quantity: Number(order.data.quantity ?? 0),
        createdAt: order.createdAt,
      });
    }
    return { counts, recent, newBookOrders };
  }
}
