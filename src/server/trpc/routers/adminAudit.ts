/** The audit log for administrators: `adminAudit.list` (newest first; by collection or user). */
import { adminAuditListInput } from '../../../shared/content/adminInput';
import { adminOnlyProcedure, router } from '../init';

export const adminAuditRouter = router({
  list: adminOnlyProcedure.input(adminAuditListInput).query(({ ctx, input }) => ctx.admin.audit(input)),
});
