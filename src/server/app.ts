/**
 * The server factory. `createServer(config)` opens the store (SQLite under DATA_DIR, one server per
 * folder; Cloud Firestore in firebase mode, any number of instances), migrating and seeding it on
 * first start, then builds the Fastify app: security headers, compression, static assets, tRPC at
 * /api/trpc, the Firebase-compatible endpoints, build manifests, redirects and the server render of
 * every page. Tests use it with `inject` or on a loopback port; nothing is global.
 */
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type Database from 'better-sqlite3';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PublicConfig } from '../shared/publicConfig';
import type { Config } from './config';
import { ContentService } from './content/service';
import { prepareDataDir } from './dataDir';
import { lockDataDir } from './dataDirLock';
import { registerBuildManifests } from './http/builds';
import { registerHealthCheck } from './http/health';
import { registerSecurityHeaders } from './http/csp';
import { registerFetchResponseUnwrap } from './http/fetchResponse';
import { firebaseWebConfig, registerFirebaseInit } from './http/firebaseConfig';
import { createRedirectResolver, registerRedirects, storageArchives } from './http/redirects';
import { registerRequestGuard } from './http/requestGuard';
import { registerCrossSiteGuard, registerSessionRoute } from './http/session';
import { createIdentity, ensureFirstAdmin } from './identity/index';
import { redactedRequestSerializer } from './identity/logRedaction';
import type { IdentityBackend } from './identity/types';
import { MailOutbox } from './mail/outbox';
import { createMailTransport } from './mail/transport';
import { firestoreRateLimiter } from './rateLimit';
import { seedIfEmpty } from './seed/ifEmpty';
import { loadClientBuild, registerStrongStaticEtags } from './ssr/assets';
import { PageCache } from './ssr/pageCache';
import { ReadCache } from './ssr/readCache';
import { FORM_POST_PATHS, ssrPages } from './ssr/plugin';
import { registerSiteResources } from './site/routes';
import { ObjectStore } from './storage/objects';
import { objectStorePortFor } from './storage/portFor';
import { registerPortImageVariants } from './storage/portVariants';
import { storageRoutes } from './storage/routes';
import { registerCiteRoutes } from './cite/routes';
import { DocumentExistsError, type DocumentStore } from './store/port';
import { openSqliteDatabase, SqliteDocumentStore } from './store/sqlite';
import { appRouter, type AppRouter } from './trpc/appRouter';
import { createContextFactory } from './trpc/context';

export interface ServerHandle {
  app: FastifyInstance;
  /** The documents: SQLite in DATA_DIR (embedded), Cloud Firestore (BACKEND=firebase). */
  store: DocumentStore;
  /** DATA_DIR's SQLite database: embedded accounts and storage metadata (and the documents, embedded). */
  db: Database.Database;
  objects: ObjectStore;
  content: ContentService;
  identity: IdentityBackend;
  config: Config;
  pageCache: PageCache;
  /** Shared procedure answers the server render reuses (ssr/readCache.ts). */
  readCache: ReadCache;
  close(): Promise<void>;
}

export interface CreateServerOptions {
  logger?: FastifyServerOptions['logger'];
  /** Clock for visibility of scheduled content (tests). */
  now?: () => Date;
  /** Addresses per sitemap file (default 50,000; tests lower it to see the sitemap index). */
  sitemapLimit?: number;
}

/** A logger configuration whose request lines never show one-time codes (reset links' oobCode). */
function withRedactedRequests(logger: NonNullable<FastifyServerOptions['logger']>): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: redactedRequestSerializer } };
}

export async function createServer(config: Config, options: CreateServerOptions = {}): Promise<ServerHandle> {
  prepareDataDir(config.dataDir); // 0700, and its files 0600
  // Embedded: one server per DATA_DIR (its limits and caches live in the process). Firebase mode
  // shares nothing through DATA_DIR, so any number of instances run, each on its own folder.
  const lock = config.backend === 'embedded' ? lockDataDir(config.dataDir) : null;
  let db: Database.Database;
  try {
    db = await openSqliteDatabase(path.join(config.dataDir, 'site.db'));
  } catch (err) {
    lock?.release();
    throw err;
  }
  // firebase-admin and the Firestore client are loaded only in firebase mode (about 35 MB of memory
  // the embedded server would carry for nothing).
  const firestore =
    config.backend === 'firebase'
      ? (await import('./firebase/adminApp')).firebaseFirestore(config.firebase.projectId)
      : null;
  // Firestore: every instance follows the others' writes through the change feed (store/firestore.ts).
  const store: DocumentStore = firestore
    ? (await import('./store/firestore')).createFirestoreStore({
        firestore,
        changeFeed: { log: { warn: (m) => app.log.warn(m) } },
      })
    : new SqliteDocumentStore(db);
  const objects = new ObjectStore(db, path.join(config.dataDir, 'storage'));
  const files = await objectStorePortFor(config, objects); // the bucket the server itself writes to: embedded store, or Cloud Storage with BACKEND=firebase
  const content = new ContentService(store, options.now);

  const app = Fastify({
    logger: withRedactedRequests(options.logger ?? { level: config.logLevel }),
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 5000 },
    // Stopping must not wait for busy keep-alive connections (up to the keep-alive timeout).
    forceCloseConnections: true,
  });
  // Every mail (password resets, book-order notifications) is sent and audited here; none without SMTP_URL.
  const outbox = new MailOutbox(createMailTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom }), store, {
    warn: (m) => app.log.warn(m),
  });
  if (!outbox.configured)
    app.log.info('SMTP_URL is not set: no mail is sent (password resets, book-order notifications).');
  let identity;
  try {
    if (config.seed) {
      await seedIfEmpty({ store, objects: files }).catch((err: unknown) => {
        // Another instance starting at the same time seeded the shared database first.
        if (!(firestore && err instanceof DocumentExistsError)) throw err;
        app.log.info('seed skipped: another instance seeded the database');
      });
    }
    identity = await createIdentity(config, db, { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) }, outbox);
    await ensureFirstAdmin(identity.backend, config, { info: (m) => app.log.info(m) });
  } catch (err) {
    await store.close();
    db.close();
    lock?.release();
    throw err;
  }
  const createContext = createContextFactory({
    config,
    content,
    identity: identity.backend,
    outbox,
    // Limits count across instances in firebase mode, in this process in the embedded mode.
    ...(firestore ? { rateLimiter: firestoreRateLimiter(firestore) } : {}),
  });
  const build = loadClientBuild(path.resolve(config.clientDistDir ?? 'dist/client'));
  const firebase = firebaseWebConfig(config);

  await registerSecurityHeaders(app, config);
  registerRequestGuard(app, { formPaths: FORM_POST_PATHS });
  registerFetchResponseUnwrap(app);
  // Per-request compression (API answers, uncached pages) is gzip only: brotli is made at build time (assets) and once per cached page.
  // Not deflate: a cached page sent as identity (Accept-Encoding: deflate) must not be deflated under its identity ETag.
  // Level 1 (nginx's default): about 3× faster than zlib's default 6 for some 10% more bytes, which
  // matters for pages rendered per request (staff, previews) and API answers; cached pages and
  // assets are compressed once, at their best.
  await app.register(compress, { threshold: 1024, encodings: ['gzip'], zlibOptions: { level: 1 } });
  await app.register(cookie);
  registerCrossSiteGuard(app, { publicUrl: config.publicUrl });
  await identity.register(app);
  registerSessionRoute(app, identity.backend, { secure: config.publicUrl.startsWith('https:') });

  if (build.built) {
    // Strong ETags for the content-hashed /assets only (their own scope); root files keep send's weak tags.
    await app.register(async (scope) => {
      registerStrongStaticEtags(scope);
      await scope.register(fastifyStatic, {
        root: path.join(build.dir, 'assets'),
        prefix: '/assets/',
        wildcard: false,
        // Source maps are built ('hidden', vite.config.ts) for error tracking, never served.
        globIgnore: ['**/*.map'],
        allowedPath: (pathname) => !pathname.toLowerCase().endsWith('.map'),
        immutable: true,
        maxAge: '365d',
        preCompressed: true, // .br (quality 11) and .gz written by the build (vite.config.ts)
        decorateReply: false,
      });
    });
  }
  // Root files (icons, manifest, share image, robots.txt): from the build, or straight from the
  // sources when running unbuilt (npm run dev, tests), so pages never link to a missing icon.
  const staticRoot = build.built ? path.join(build.dir, 'static') : path.resolve('src/client/static');
  if (existsSync(staticRoot)) {
    await app.register(fastifyStatic, {
      root: staticRoot,
      prefix: '/',
      wildcard: false,
      maxAge: '1d',
      preCompressed: build.built,
      decorateReply: false,
    });
  }

  await app.register(fastifyTRPCPlugin, {
    prefix: '/api/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }) => createContext({ req }),
    },
  } satisfies FastifyTRPCPluginOptions<AppRouter>);

  registerFirebaseInit(app, config);
  registerBuildManifests(app, build);
  registerHealthCheck(app, store);
  registerCiteRoutes(app, content, config.publicUrl);
  await app.register(storageRoutes, { objects, identity: identity.backend, config });
  registerPortImageVariants(app, files); // srcset of images in Cloud Storage (firebase mode)
  registerRedirects(app, createRedirectResolver(store, config.archiveBaseUrl ?? storageArchives(files)));
  // The page and read caches listen to the store's changes: in firebase mode those include every
  // other instance's writes (the change feed), so each instance drops what another one changed.
  const readCache = new ReadCache({ now: options.now });
  const pageCache = new PageCache({ now: options.now });
  await app.register(ssrPages, {
    build,
    createContext,
    changes: store,
    pageCache,
    readCache,
    publicConfig: (): PublicConfig => ({
      supportEmail: config.supportEmail,
      buildId: build.buildId,
      backend: config.backend,
      firebase,
      origin: config.publicUrl,
      authProviders: config.backend === 'firebase' ? config.auth.providers : [],
    }),
  });

  registerSiteResources(app, {
    cache: pageCache,
    content,
    origin: config.publicUrl,
    sitemapLimit: options.sitemapLimit,
  });

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply
      .code(status)
      .send({ error: status >= 500 ? 'Internal Server Error' : error.message, statusCode: status });
  });

  let closed = false;
  return {
    app,
    store,
    db,
    objects,
    content,
    identity: identity.backend,
    config,
    pageCache,
    readCache,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await store.close();
      db.close();
      lock?.release();
    },
  };
}
