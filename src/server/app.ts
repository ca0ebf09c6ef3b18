/**
 * The server factory. `createServer(config)` opens the store (SQLite under DATA_DIR, one server per
 * folder; Cloud Firestore in firebase mode, any number of instances), migrating and seeding it on
 * first start, then builds the Fastify app out of plugins: security headers, compression, static
 * assets, tRPC at /api/trpc, the Firebase-compatible endpoints, build manifests, redirects and the
 * server render of every page. Tests use it with `inject` or on a loopback port; nothing is global.
 */
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type Database from 'better-sqlite3';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Firestore } from 'firebase-admin/firestore';
import path from 'node:path';
import type { PublicConfig } from '../shared/publicConfig';
import { citeRoutes } from './cite/routes';
import { FileLandings, fileSignposting } from './scholarly/fileLandings';
import { FileChecksums } from './scholarly/checksums';
import { KeptFiles } from './scholarly/keptFiles';
import { scholarlyRoutes } from './scholarly/routes';
import { DatasetPreviews } from './datasetFiles/previews';
import { datasetFileRoutes } from './datasetFiles/routes';
import type { Config } from './config';
import { ContentService } from './content/service';
import { prepareDataDir } from './dataDir';
import { lockDataDir, type DataDirLock } from './dataDirLock';
import { buildManifests } from './http/builds';
import { securityHeaders } from './http/csp';
import { fetchResponseUnwrap } from './http/fetchResponse';
import { clientErrorHandler, frameworkErrorHandler } from './http/frameworkErrors';
import { firebaseInit, firebaseWebConfig } from './http/firebaseConfig';
import { healthCheck } from './http/health';
import { redirects, storageArchives } from './http/redirects';
import { requestGuard } from './http/requestGuard';
import { crossSiteGuard, sessionRoutes } from './http/session';
import { staticFiles } from './http/staticFiles';
import { createIdentity, emailLinkMode, ensureFirstAdmin, type Identity } from './identity/index';
import { reachingAuth } from './identity/unreachable';
import { redactedRequestSerializer } from './identity/logRedaction';
import type { IdentityBackend } from './identity/types';
import { MailOutbox } from './mail/outbox';
import { createMailTransport } from './mail/transport';
import { firestoreRateLimiter } from './rateLimit';
import { eventFiles } from './events/routes';
import { seedIfEmpty } from './seed/ifEmpty';
import { siteResources } from './site/routes';
import { OAI_PATH, oaiRoutes } from './oai/routes';
import { loadClientBuild, type ClientBuild } from './ssr/assets';
import { PageCache } from './cache/pageCache';
import { ReadCache } from './ssr/readCache';
import { FORM_POST_PATHS, ssrPages } from './ssr/plugin';
import { ObjectStore } from './storage/objects';
import type { ObjectStorePort } from './storage/port';
import { objectStorePortFor } from './storage/portFor';
import { portImageVariants } from './storage/portVariants';
import { storageRoutes } from './storage/routes';
import { DocumentExistsError, type DocumentStore } from './store/port';
import { openSqliteDatabase, SqliteDocumentStore } from './store/sqlite';
import { appRouter, type AppRouter } from './trpc/appRouter';
import { createContextFactory } from './trpc/context';
import { contentTypes } from '../shared/content/registry';

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

/** The Fastify instance, before any plugin: logging, proxy trust, router limits, closing. */
function createApp(config: Config, options: CreateServerOptions): FastifyInstance {
  const app: FastifyInstance = Fastify({
    logger: withRedactedRequests(options.logger ?? { level: config.logLevel }),
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 5000 },
    // Malformed addresses get the site's 404 page or a Ukrainian line, not Fastify's JSON (http/frameworkErrors.ts).
    frameworkErrors: frameworkErrorHandler(() => app),
    clientErrorHandler,
    // Stopping must not wait for busy keep-alive connections (up to the keep-alive timeout).
    forceCloseConnections: true,
  });
  // Set before any plugin: Fastify fixes a plugin's error handler when the plugin loads.
  app.setErrorHandler(sendError);
  return app;
}

/** What the server keeps its data in, opened before anything else. */
interface ServerData {
  /** DATA_DIR's lock (embedded mode only). */
  lock: DataDirLock | null;
  db: Database.Database;
  /** Cloud Firestore (firebase mode only). */
  firestore: Firestore | null;
  store: DocumentStore;
  objects: ObjectStore;
  /** The bucket the server itself writes to: embedded store, or Cloud Storage with BACKEND=firebase. */
  files: ObjectStorePort;
  content: ContentService;
}

/** Prepares and locks DATA_DIR, opens SQLite, the document store and the objects. */
async function openData(config: Config, log: FastifyBaseLogger, now?: () => Date): Promise<ServerData> {
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
  // Firestore: every instance follows the others' writes through the change feed (store/firestore/changeFeed.ts).
  const store: DocumentStore = firestore
    ? (await import('./store/firestore/index')).createFirestoreStore({
        firestore,
        changeFeed: { log: { warn: (m) => log.warn(m) } },
      })
    : new SqliteDocumentStore(db);
  const objects = new ObjectStore(db, path.join(config.dataDir, 'storage'));
  const files = await objectStorePortFor(config, objects);
  return { lock, db, firestore, store, objects, files, content: new ContentService(store, now) };
}

async function closeData(data: ServerData): Promise<void> {
  await data.store.close();
  data.db.close();
  data.lock?.release();
}

/**
 * The mail outbox, the first start's seed, the identity side and the first administrator. When
 * one of them fails, the data is closed again and the error thrown.
 */
async function startServices(
  config: Config,
  data: ServerData,
  log: FastifyBaseLogger,
): Promise<{ outbox: MailOutbox; identity: Identity }> {
  const { store, firestore } = data;
  // Every mail (password resets, book-order notifications) is sent and audited here; none without SMTP_URL.
  const outbox = new MailOutbox(createMailTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom }), store, {
    warn: (m) => log.warn(m),
  });
  if (!outbox.configured) log.info('SMTP_URL is not set: no mail is sent (password resets, book-order notifications).');
  try {
    if (config.seed) {
      await seedIfEmpty({ store, objects: data.files }).catch((err: unknown) => {
        // Another instance starting at the same time seeded the shared database first.
        if (!(firestore && err instanceof DocumentExistsError)) throw err;
        log.info('seed skipped: another instance seeded the database');
      });
    }
    const identity = await createIdentity(
      config,
      data.db,
      { info: (m) => log.info(m), warn: (m) => log.warn(m) },
      outbox,
    );
    await reachingAuth(config.firebase.emulators.auth, 'Cannot check for or create the first administrator: ', () =>
      ensureFirstAdmin(identity.backend, config, { info: (m) => log.info(m), warn: (m) => log.warn(m) }),
    );
    return { outbox, identity };
  } catch (err) {
    await closeData(data);
    throw err;
  }
}

/**
 * What every request passes through, in this order: security headers, the request guard, the
 * unwrapping of tRPC's fetch Responses (before compression), compression, cookies, the cross-site
 * guard, then the identity endpoints and the session cookie's routes.
 */
async function registerRequestHandling(app: FastifyInstance, config: Config, identity: Identity): Promise<void> {
  await app.register(securityHeaders, { config });
  await app.register(requestGuard, { formPaths: [...FORM_POST_PATHS, OAI_PATH] });
  await app.register(fetchResponseUnwrap);
  // Per-request compression (API answers, uncached pages) is gzip only: brotli is made at build time (assets) and once per cached page.
  // Not deflate: a cached page sent as identity (Accept-Encoding: deflate) must not be deflated under its identity ETag.
  // Level 1 (nginx's default): about 3× faster than zlib's default 6 for some 10% more bytes, which
  // matters for pages rendered per request (staff, previews) and API answers; cached pages and
  // assets are compressed once, at their best.
  await app.register(compress, { threshold: 1024, encodings: ['gzip'], zlibOptions: { level: 1 } });
  await app.register(cookie);
  await app.register(crossSiteGuard, { publicUrl: config.publicUrl });
  await identity.register(app);
  await app.register(sessionRoutes, { identity: identity.backend, secure: config.publicUrl.startsWith('https:') });
}

/** The configuration every page carries (ssr/document.ts), the same for every request. */
function publicConfigOf(config: Config, build: ClientBuild): () => PublicConfig {
  const firebase = firebaseWebConfig(config);
  return () => ({
    supportEmail: config.supportEmail,
    buildId: build.buildId,
    backend: config.backend,
    firebase,
    origin: config.publicUrl,
    authProviders: config.backend === 'firebase' ? config.auth.providers : [],
    emailLink: emailLinkMode(config),
    sso: config.oidc ? { label: config.oidc.buttonLabel } : null,
    appCheckSiteKey: config.backend === 'firebase' ? (config.firebase.appCheckSiteKey ?? null) : null,
    emulators: {
      auth: config.backend === 'firebase' ? (config.firebase.emulators.auth ?? null) : null,
      storage: config.backend === 'firebase' ? (config.firebase.emulators.storage ?? null) : null,
    },
  });
}

/**
 * Answers a failed request with `{ error, statusCode }`, never an internal message (logged instead).
 * Every route uses it unless its plugin sets its own (storage answers in Firebase's error shape).
 */
function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  return reply
    .code(status)
    .send({ error: status >= 500 ? 'Internal Server Error' : error.message, statusCode: status });
}

interface Features {
  config: Config;
  data: ServerData;
  identity: IdentityBackend;
  build: ClientBuild;
  createContext: ReturnType<typeof createContextFactory>;
  pageCache: PageCache;
  readCache: ReadCache;
  sitemapLimit?: number;
}

/**
 * The routes, in this order: static files, tRPC, the Firebase web config, build manifests, the health
 * check, citations, storage and its image variants, redirects (a hook for the whole app), the pages,
 * and the site's generated resources.
 */
async function registerFeatures(app: FastifyInstance, f: Features): Promise<void> {
  const { config, data, build, pageCache } = f;
  await app.register(staticFiles, { build });
  await app.register(fastifyTRPCPlugin, {
    prefix: '/api/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }) => f.createContext({ req }),
    },
  } satisfies FastifyTRPCPluginOptions<AppRouter>);
  await app.register(firebaseInit, { config });
  await app.register(buildManifests, { build });
  await app.register(healthCheck, { store: data.store });
  await app.register(citeRoutes, { content: data.content, publicUrl: config.publicUrl });
  await app.register(scholarlyRoutes, {
    content: data.content,
    publicUrl: config.publicUrl,
    cache: pageCache,
    objects: data.files,
    contactEmail: config.supportEmail,
  });
  await app.register(datasetFileRoutes, { content: data.content, objects: data.files }); // «Завантажити все»
  await app.register(fileSignposting, { landings: new FileLandings(data.content, config.publicUrl) });
  const kept = new KeptFiles(data.content);
  await app.register(storageRoutes, { objects: data.objects, identity: f.identity, config, keep: (n) => kept.has(n) });
  await app.register(portImageVariants, { port: data.files }); // srcset of images in Cloud Storage (firebase mode)
  await app.register(redirects, { store: data.store, archives: config.archiveBaseUrl ?? storageArchives(data.files) });
  // The page and read caches listen to the store's changes: in firebase mode those include every
  // other instance's writes (the change feed), so each instance drops what another one changed.
  await app.register(ssrPages, {
    build,
    createContext: f.createContext,
    changes: data.store,
    pageCache,
    readCache: f.readCache,
    publicConfig: publicConfigOf(config, build),
    pageFiles: eventFiles({ content: data.content, publicUrl: config.publicUrl }),
  });
  await app.register(siteResources, {
    cache: pageCache,
    content: data.content,
    origin: config.publicUrl,
    sitemapLimit: f.sitemapLimit,
  });
  await app.register(oaiRoutes, { content: data.content, origin: config.publicUrl, adminEmail: config.supportEmail });
}

export async function createServer(config: Config, options: CreateServerOptions = {}): Promise<ServerHandle> {
  const app = createApp(config, options);
  const data = await openData(config, app.log, options.now);
  const { outbox, identity } = await startServices(config, data, app.log);
  if (data.firestore) {
    // Fields derived from data by an older release (datestamps, visitor search entries) are brought
    // up to date in the background once the server listens.
    const { backfillAfterListen } = await import('./store/backfillAfterListen');
    backfillAfterListen(app, data.firestore, Object.keys(contentTypes));
  }
  const createContext = createContextFactory({
    config,
    content: data.content,
    identity: identity.backend,
    federation: identity.federation,
    outbox,
    checksums: new FileChecksums(data.files),
    previews: new DatasetPreviews(data.files),
    // Limits count across instances in firebase mode, in this process in the embedded mode.
    ...(data.firestore ? { rateLimiter: firestoreRateLimiter(data.firestore) } : {}),
  });
  const build = loadClientBuild(path.resolve(config.clientDistDir ?? 'dist/client'));
  const readCache = new ReadCache({ now: options.now });
  const pageCache = new PageCache({ now: options.now });
  await registerRequestHandling(app, config, identity);
  await registerFeatures(app, {
    config,
    data,
    identity: identity.backend,
    build,
    createContext,
    pageCache,
    readCache,
    sitemapLimit: options.sitemapLimit,
  });

  let closed = false;
  return {
    app,
    store: data.store,
    db: data.db,
    objects: data.objects,
    content: data.content,
    identity: identity.backend,
    config,
    pageCache,
    readCache,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await closeData(data);
    },
  };
}
