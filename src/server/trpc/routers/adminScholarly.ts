/**
 * Scholarly exports for staff: `adminScholarly.crossrefIssue` makes a journal issue's Crossref
 * deposit file (schema 5.4.0) for an editor to upload to Crossref; nothing is sent anywhere.
 */
import { z } from 'zod';
import { idRefSchema } from '../../../shared/content/fields';
import type { ContentDocument } from '../../../shared/content/registry';
import { crossrefIssueXml } from '../../scholarly/crossref';
import { INSTITUTE } from '../../scholarly/institute';
import { adminProcedure, router } from '../init';

export const adminScholarlyRouter = router({
  /** `{ fileName, xml, skipped }`: the deposit file and the titles left out for want of a DOI; NOT_FOUND for no issue. */
  crossrefIssue: adminProcedure.input(z.object({ id: idRefSchema })).query(async ({ ctx, input }) => {
    const issue = (await ctx.admin.get('journal', input.id)) as ContentDocument<'journal'>;
    const { xml, skipped } = crossrefIssueXml(issue, {
      issueUrl: `${ctx.config.publicUrl}/journal/${issue.slug}`,
      depositor: { name: INSTITUTE.name, email: ctx.config.supportEmail },
      registrant: INSTITUTE.name,
      now: new Date(),
    });
    return { fileName: `${issue.slug}.crossref.xml`, xml, skipped };
  }),
});
