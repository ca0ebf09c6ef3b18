/** The admin's start page: `adminDashboard.summary` (counts per type, recent changes, new book orders). */
import { adminProcedure, router } from '../init';

export const adminDashboardRouter = router({
  summary: adminProcedure.query(({ ctx }) => ctx.admin.dashboard()),
});
