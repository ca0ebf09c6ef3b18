/** The media library's server side: `adminMedia.usage` (which documents use a stored file, before deleting it). */
import { z } from 'zod';
import { adminProcedure, router } from '../init';

export const adminMediaRouter = router({
  /** `{ users: [{ type, typeLabel, id, title, published }] (at most 20), total }` for the object `path`. */
  usage: adminProcedure
    .input(z.object({ path: z.string().min(1).max(1024) }))
    .query(({ ctx, input }) => ctx.admin.fileUsage(input.path)),
});
