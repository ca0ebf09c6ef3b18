/**
 * `datasetPreview.files({ slug, version? })`: the previews of a published dataset version's CSV and
 * NetCDF files (server/datasetFiles/previews.ts), for the dataset page. A broken file is an error
 * preview in the answer, never a failed call; an unknown dataset or version is NOT_FOUND.
 */
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { ContentDocument } from '../../../shared/content/registry';
import type { FilePreview } from '../../../shared/datasetPreview';
import { versionFiles } from '../../datasetFiles/versionFiles';
import { publicProcedure, router } from '../init';

export const datasetPreviewRouter = router({
  files: publicProcedure
    .meta({ access: 'public', sharedRead: true })
    .input(z.object({ slug: z.string().min(1).max(200), version: z.string().min(1).max(40).optional() }))
    .query(async ({ ctx, input }): Promise<FilePreview[]> => {
      const d = (await ctx.content.publicGet('dataRepo', input.slug)) as ContentDocument<'dataRepo'> | null;
      const picked = d && versionFiles(d, input.version);
      if (!picked) throw new TRPCError({ code: 'NOT_FOUND', message: 'Набір даних або його версію не знайдено' });
      return ctx.previews ? ctx.previews.previewsOf(picked.files) : [];
    }),
});
