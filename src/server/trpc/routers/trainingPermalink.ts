/**
 * `trainingPermalink.locate`: where a visible training is on /Trainings on a given day, for its
 * permalink /Trainings/{slug} (routes/public/trainings.tsx turns the position into `?page=N#slug`).
 * NOT_FOUND for a slug no visible training has.
 */
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { dateSchema, idRefSchema } from '../../../shared/content/fields';
import { trainingListOf, trainingListQuery } from '../../../shared/content/trainingLists';
import { publicListPosition } from '../../content/listPosition';
import { publicProcedure, router } from '../init';

export const trainingPermalinkRouter = router({
  locate: publicProcedure
    .meta({ access: 'public', sharedRead: true })
    // `today` (YYYY-MM-DD, Kyiv): the page's day, so the answer matches the lists the page shows.
    .input(z.object({ slug: idRefSchema, today: dateSchema }))
    .query(async ({ ctx, input }) => {
      const doc = await ctx.content.publicGet('trainings', input.slug);
      if (!doc) throw new TRPCError({ code: 'NOT_FOUND', message: 'Навчання: не знайдено' });
      const list = trainingListOf(String(doc.endDate), input.today);
      const position = await publicListPosition(ctx.content, 'trainings', trainingListQuery(list, input.today), doc);
      return { slug: typeof doc.slug === 'string' && doc.slug ? doc.slug : doc.id, list, position };
    }),
});
