/** The public book-order form's procedure: `bookOrders.submit` (see content/bookOrders.ts). */
import { bookOrderFormSchema } from '../../../shared/content/types/bookOrders';
import { publicProcedure, router } from '../init';

export const bookOrdersRouter = router({
  submit: publicProcedure.input(bookOrderFormSchema).mutation(({ ctx, input }) => ctx.bookOrders.submit(input, ctx.ip)),
});
