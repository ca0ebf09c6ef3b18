/**
 * Resumable uploads as the firebase/storage SDK drives them: a start request (POST … with
 * X-Goog-Upload-Protocol: resumable, X-Goog-Upload-Command: start) answers the session's upload
 * URL; requests to that URL (…&upload_id=…) carry X-Goog-Upload-Command query | upload |
 * "upload, finalize" | finalize | cancel, with X-Goog-Upload-Offset for chunks. Only the user who
 * started a session may use it; its commands run one at a time (the session's lock).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { isDiskFullError } from '../../diskFull';
import { badRequest, notFound, StorageHttpError } from '../errors';
import { bodyChunks, drainRequest, readText } from '../io';
import { parseMetadataJson, parseWritableMetadata, type ObjectMetadata, type WritableMetadata } from '../metadata';
import { DEFAULT_CONTENT_TYPE } from '../objects';
import type { UploadSession } from '../uploads';
import { JSON_LIMIT, objectName, type StorageRouteContext } from './context';

async function* emptyBody(): AsyncGenerator<Buffer> {}

function sendStatus(reply: FastifyReply, status: 'active' | 'final', received: number, meta?: ObjectMetadata) {
  reply
    .header('X-Goog-Upload-Status', status)
    .header('X-Goog-Upload-Size-Received', String(received))
    .header('Cache-Control', 'no-store');
  return meta ? reply.send(meta) : reply.send();
}

/** The start and the session commands of resumable uploads. */
export function resumableUploads(ctx: StorageRouteContext) {
  const { objects, config } = ctx;

  /** Starts a session: validates name, size and metadata, checks the quota, answers the upload URL. */
  async function start(
    request: FastifyRequest<{ Querystring: { name?: string } }>,
    reply: FastifyReply,
    bucket: string,
  ) {
    const requester = await ctx.who(request);
    const metadata = parseMetadataJson(await readText(request.body as Readable | undefined, JSON_LIMIT));
    const name = objectName(request.query.name ?? metadata.name);
    ctx.check('write', name, requester);
    await ctx.refuseKept(name);
    const lengthHeader = String(request.headers['x-goog-upload-header-content-length'] ?? '');
    if (!/^\d{1,16}$/.test(lengthHeader))
      throw badRequest('X-Goog-Upload-Header-Content-Length must give the upload size in bytes');
    const totalSize = Number(lengthHeader);
    if (totalSize > config.storage.maxObjectBytes) throw ctx.tooLarge(totalSize);
    objects.checkQuota(bucket, name, totalSize, config.storage.quotaBytes);
    const headerType = request.headers['x-goog-upload-header-content-type'];
    const declaredType =
      typeof headerType === 'string' ? parseWritableMetadata({ contentType: headerType }).contentType : undefined;
    const stored: WritableMetadata = {
      ...metadata,
      contentType: metadata.contentType || declaredType || DEFAULT_CONTENT_TYPE,
    };
    delete stored.name;
    const uid = requester.kind === 'user' ? requester.user.uid : '';
    const session = await objects.uploads.create({ bucket, name, uid, totalSize, metadata: stored });
    const url =
      `${ctx.originOf(request)}/v0/b/${encodeURIComponent(bucket)}/o?name=${encodeURIComponent(name)}` +
      `&uploadType=resumable&upload_id=${session.id}&upload_protocol=resumable`;
    return reply
      .header('X-Goog-Upload-Status', 'active')
      .header('X-Goog-Upload-URL', url)
      .header('X-Goog-Upload-Chunk-Granularity', '262144')
      .header('X-GUploader-UploadID', session.id)
      .header('Cache-Control', 'no-store')
      .send();
  }

  async function finalAnswer(reply: FastifyReply, session: UploadSession, body: Readable | undefined) {
    drainRequest(body);
    const meta = await objects.getMetadata(session.bucket, session.name);
    if (!meta || meta.generation !== session.generation)
      throw notFound(`Object '${session.name}' has changed since this upload finished.`);
    return sendStatus(reply, 'final', session.totalSize, meta);
  }

  /** Checks who sends a request to a session and its command header, then runs it under the session's lock. */
  async function command(request: FastifyRequest, reply: FastifyReply, id: string) {
    const found = objects.uploads.get(id);
    if (!found || found.bucket !== (request.params as { bucket: string }).bucket)
      throw notFound('Upload session not found or expired.');
    const requester = await ctx.who(request);
    ctx.check('write', found.name, requester);
    if (requester.kind !== 'user' || requester.user.uid !== found.uid) {
      throw new StorageHttpError(403, 'This upload session belongs to another user.');
    }
    const commands = String(request.headers['x-goog-upload-command'] ?? '')
      .toLowerCase()
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    if (!commands.length || !commands.every((c) => ['query', 'upload', 'finalize', 'cancel'].includes(c))) {
      throw badRequest('X-Goog-Upload-Command must be query, upload, finalize, "upload, finalize" or cancel');
    }
    return objects.uploads.withLock(id, () =>
      sessionCommand(id, commands, request, reply).catch(async (err: unknown) => {
        // The SDK does not retry the 402 a full disk gets, so the session is over: free its bytes.
        if (isDiskFullError(err)) await objects.uploads.remove(id).catch(() => {});
        throw err;
      }),
    );
  }

  /** Runs the commands of one request on an upload session (under its lock). */
  async function sessionCommand(id: string, commands: string[], request: FastifyRequest, reply: FastifyReply) {
    const body = request.body as Readable | undefined;
    const session = objects.uploads.get(id);
    if (!session) throw notFound('Upload session not found or expired.');
    if (commands.includes('cancel')) {
      drainRequest(body);
      await objects.uploads.remove(id);
      return reply.header('X-Goog-Upload-Status', 'cancelled').header('Cache-Control', 'no-store').send();
    }
    if (commands.includes('query')) {
      drainRequest(body);
      if (session.state === 'final') return sendStatus(reply, 'final', session.totalSize);
      return sendStatus(reply, 'active', await objects.uploads.reconcile(session));
    }
    if (session.state === 'final') return finalAnswer(reply, session, body);
    if (commands.includes('upload')) {
      const offset = String(request.headers['x-goog-upload-offset'] ?? '');
      if (!/^\d{1,16}$/.test(offset)) throw badRequest('X-Goog-Upload-Offset must give the byte offset of the chunk');
      await objects.uploads.append(session, Number(offset), body ? bodyChunks(body) : emptyBody());
    }
    if (!commands.includes('finalize')) return sendStatus(reply, 'active', session.received);
    drainRequest(body);
    const meta = await objects.uploads.finalize(session, config.storage.quotaBytes);
    return sendStatus(reply, 'final', session.totalSize, meta);
  }

  return { start, command };
}
