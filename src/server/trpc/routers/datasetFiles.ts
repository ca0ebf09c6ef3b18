/**
 * `datasetFiles.sums`: the SHA-256 sums of one version's files of a visible dataset (the current
 * version when `version` is absent), read from the object store once per object generation
 * (scholarly/checksums.ts). `sha256` is null for a file whose object is missing; a dataset or
 * version visitors cannot see has no files. Staff previews (`preview: true`) see drafts as `get` does.
 */
import { z } from 'zod';
import { findDatasetVersion, type VersionedDataset } from '../../../shared/content/datasetVersions';
import { publicProcedure, router } from '../init';

export interface FileSum {
  /** The file's storage path. */
  path: string;
  /** Lower-case hex SHA-256 of its bytes, or null when the object is missing. */
  sha256: string | null;
}

export const datasetFilesRouter = router({
  sums: publicProcedure
    .meta({ access: 'public', sharedRead: (input) => (input as { preview?: unknown }).preview !== true })
    .input(
      z
        .object({
          slug: z.string().trim().min(1).max(200),
          version: z.string().max(40).optional(),
          preview: z.boolean().optional(),
        })
        .strict(),
    )
    .query(async ({ ctx, input }): Promise<FileSum[]> => {
      const doc = await ctx.content.publicGet('dataRepo', input.slug, {
        preview: input.preview === true && Boolean(ctx.user?.role),
      });
      const d = doc as unknown as VersionedDataset | null;
      const files = !d ? [] : input.version ? (findDatasetVersion(d, input.version)?.files ?? []) : d.files;
      const checksums = ctx.checksums;
      return Promise.all(
        files.map(async (f) => ({
          path: f.path,
          sha256: checksums ? ((await checksums.facts(f.path))?.sha256 ?? null) : null,
        })),
      );
    }),
});
