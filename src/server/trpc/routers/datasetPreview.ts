/**
 * `datasetPreview.files({ slug, version? })`: the previews of a published dataset version's CSV and
 * NetCDF files (server/datasetFiles/previews.ts), for the dataset page. A broken file is an error
 * preview in the answer, never a failed call; an unknown dataset or version is NOT_FOUND.
 * `datasetPreview.chart({ slug, version?, path, column })`: the values the chart of one CSV column
 * plots, fetched by the browser when it draws the chart (NOT_FOUND for another file or column).
 */
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { ContentDocument } from '../../../shared/content/registry';
import type { CsvChartData, FilePreview } from '../../../shared/datasetPreview';
import { versionFiles } from '../../datasetFiles/versionFiles';
import type { Context } from '../context';
import { publicProcedure, router } from '../init';

const versionInput = z.object({ slug: z.string().min(1).max(200), version: z.string().min(1).max(40).optional() });

/** The files of the published dataset version an input names (NOT_FOUND otherwise). */
async function filesOf(ctx: Context, input: z.infer<typeof versionInput>) {
  const d = (await ctx.content.publicGet('dataRepo', input.slug)) as ContentDocument<'dataRepo'> | null;
  const picked = d && versionFiles(d, input.version);
  if (!picked) throw new TRPCError({ code: 'NOT_FOUND', message: 'Набір даних або його версію не знайдено' });
  return picked.files;
}

export const datasetPreviewRouter = router({
  files: publicProcedure
    .meta({ access: 'public', sharedRead: true })
    .input(versionInput)
    .query(async ({ ctx, input }): Promise<FilePreview[]> => {
      const files = await filesOf(ctx, input);
      return ctx.previews ? ctx.previews.previewsOf(files) : [];
    }),
  chart: publicProcedure
    .meta({ access: 'public', sharedRead: true })
    .input(versionInput.extend({ path: z.string().min(1).max(1024), column: z.string().min(1).max(300) }))
    .query(async ({ ctx, input }): Promise<CsvChartData> => {
      const files = await filesOf(ctx, input);
      const chart = await ctx.previews?.chart(files, input.path, input.column);
      if (!chart) throw new TRPCError({ code: 'NOT_FOUND', message: 'Такого стовпця CSV-файлу цієї версії немає' });
      return chart;
    }),
});
