/**
 * The public configuration's types now live in src/shared/publicConfig.ts; this re-export keeps the
 * head-tags code (app/site.tsx, server/ssr/document.ts, being reworked separately) compiling until
 * it imports them from there. Import from src/shared in new code.
 */
export type { FirebaseWebConfig, PublicConfig } from '../../shared/publicConfig';
