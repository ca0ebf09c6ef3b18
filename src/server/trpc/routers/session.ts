/** Who is signed in (for the admin's guards and header): the verified cookie user, or null. */
import { publicProcedure, router } from '../init';

export const sessionRouter = router({
  me: publicProcedure.query(({ ctx }) =>
    ctx.user ? { uid: ctx.user.uid, email: ctx.user.email, role: ctx.user.role } : null,
  ),
});
