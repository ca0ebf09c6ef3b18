/**
 * The admin's writes: create, update, restore-as-update and singleton saves. Input is validated by
 * the type's admin schema, rich text sanitised before it is stored, an empty slug generated
 * (resolution 55 transliteration, unique per type; generated again when another save took it
 * meanwhile), relations checked and the type's `writeCheck` applied for the writer's role. Each
 * write is one atomic batch: the document, its revision, its audit entry and the redirects a
 * changed public path needs (slugRedirects.ts).
 */
import type { z } from 'zod';
import { adminDataSchema, type RevisionAction } from '../../../shared/content/adminInput';
import {
  maintainedFieldsOf,
  richTextFieldsOf,
  type AnyContentType,
  type UpdateRuleContext,
} from '../../../shared/content/define';
import { slugify, withSlugSuffix } from '../../../shared/content/slug';
import { autoId } from '../../store/port';
import { ForbiddenError, fieldErrorsOf, PreconditionError, ValidationError } from '../errors';
import { sanitizeRichText } from '../sanitize';
import { textOf } from '../text';
import type { ApiDocument } from '../service';
import { slugRedirectOps } from '../slugRedirects';
import { checkSiteAddresses } from './siteChecks';
import { badData, isSlugTaken, titleOf, type Actor, type AdminCore, type Data } from './common';

/** Tries when a generated slug was taken between the check and the write. */
const SLUG_RETRIES = 3;

/** adminDataSchema per type, built once. */
const dataSchemas = new WeakMap<AnyContentType, z.ZodType>();

/**
 * FORBIDDEN when the type's `writeCheck` refuses the data for the writer's role (e.g. an editor
 * pointing a redirect at another site); the messages become field errors (`data.{field}`, as the
 * input's own validation names them) so the form shows them under the field.
 */
function checkWriter(type: AnyContentType, data: Data, actor: Actor): void {
  const refused = type.writeCheck?.(data, { role: actor.role });
  const entries = refused ? Object.entries(refused).filter((e): e is [string, string] => typeof e[1] === 'string') : [];
  const [first] = entries;
  if (!first) return;
  throw new ForbiddenError(first[1], {
    reason: 'forbidden-value',
    field: first[0],
    zodError: fieldErrorsOf(Object.fromEntries(entries.map(([field, message]) => [`data.${field}`, message]))),
  });
}

/**
 * The type's `updateRule` applied to a write over `before` (the stored data): PRECONDITION_FAILED,
 * reason `update-refused`, with the message as the field's error when it refuses (e.g. other files
 * for a published dataset version). Returns the data to store. Every admin write of an existing
 * document goes through it: update, restore, undelete and the bulk state changes.
 */
export function ruledUpdate(type: AnyContentType, before: Data, data: Data, context: UpdateRuleContext): Data {
  if (!type.updateRule) return data;
  const result = type.updateRule(before, data, context);
  if ('data' in result) return result.data;
  const { field, message } = result.refused;
  throw new PreconditionError(message, {
    reason: 'update-refused',
    field,
    zodError: fieldErrorsOf({ [`data.${field}`]: message }),
  });
}

/**
 * Admin input without the type's maintained fields (`maintainedFields`), so the schema's defaults
 * fill them; `keepMaintained` then puts the stored values back on an existing document.
 */
function withoutMaintained(type: AnyContentType, input: unknown): unknown {
  const fields = maintainedFieldsOf(type);
  if (!fields.length || typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const copy = { ...(input as Data) };
  for (const field of fields) delete copy[field];
  return copy;
}

/** `data` with the stored values of the type's maintained fields (those `stored` has). */
function keepMaintained(type: AnyContentType, data: Data, stored: Data): Data {
  const out = { ...data };
  for (const field of maintainedFieldsOf(type)) if (stored[field] !== undefined) out[field] = stored[field];
  return out;
}

/** Which revision action an update is: publish / unpublish when it changes the state. */
function updateAction(type: AnyContentType, before: Data, after: Data, fallback: RevisionAction): RevisionAction {
  if (fallback !== 'update' || !type.publishable || before.status === after.status) return fallback;
  return after.status === 'published' ? 'publish' : 'unpublish';
}

/** The unique guards of a document's data (its slug). */
export function uniqueFields(type: AnyContentType, data: Data): Array<{ field: string; value: string }> {
  const slug = type.slug ? data[type.slug.field] : undefined;
  return typeof slug === 'string' && slug ? [{ field: type.slug!.field, value: slug }] : [];
}

export class AdminWrites {
  constructor(private readonly core: AdminCore) {}

  /**
   * Validates admin input and makes it storable: rich text sanitised, an empty slug generated from
   * the `slug.from` field (unique in the type, `selfId` excluded), relations checked.
   * BAD_REQUEST (with the zod issues as cause) for invalid data or a missing related document.
   */
  async prepare(
    type: AnyContentType,
    input: unknown,
    selfId: string | undefined,
    actor: Actor,
  ): Promise<{ data: Data; generatedSlug: boolean }> {
    let schema = dataSchemas.get(type);
    if (!schema) dataSchemas.set(type, (schema = adminDataSchema(type)));
    const parsed = schema.safeParse(input);
    if (!parsed.success) throw badData(parsed.error);
    const data: Data = { ...(parsed.data as Data) };
    for (const field of richTextFieldsOf(type)) {
      if (typeof data[field] === 'string') data[field] = sanitizeRichText(data[field]);
    }
    let generatedSlug = false;
    if (type.slug && !data[type.slug.field]) {
      const base = slugify(textOf(data[type.slug.from])) || slugify(type.key);
      data[type.slug.field] = await this.freeSlug(type, base, selfId);
      generatedSlug = true;
    }
    const final = type.schema.safeParse(data);
    if (!final.success) throw badData(final.error);
    checkWriter(type, final.data, actor);
    await this.checkRelations(type, final.data);
    await checkSiteAddresses(this.core, type, final.data, selfId);
    return { data: final.data, generatedSlug };
  }

  /** The first of `base`, `base-2`, `base-3`… the slug field accepts (a page's: no section's) and no other document of the type uses. */
  async freeSlug(type: AnyContentType, base: string, selfId: string | undefined): Promise<string> {
    const field = type.slug!.field;
    const fieldSchema = type.schema.shape[field] as z.ZodType | undefined;
    for (let n = 1; n <= 1000; n += 1) {
      const candidate = withSlugSuffix(base, n);
      if (fieldSchema && !fieldSchema.safeParse(candidate).success) continue;
      const holder = await this.core.store.findOne(type.key, [{ field, op: '==', value: candidate }]);
      if (!holder || holder.id === selfId) return candidate;
    }
    return withSlugSuffix(base, Date.now());
  }

  /** BAD_REQUEST naming the field when a relation points at a document that does not exist. */
  private async checkRelations(type: AnyContentType, data: Data): Promise<void> {
    for (const relation of type.relations) {
      const value = data[relation.field];
      const ids: unknown[] = Array.isArray(value) ? value : [value];
      for (const value of ids) {
        const id = textOf(value);
        if (id === '') continue;
        const target = this.core.registry.get(relation.to);
        if (await this.core.store.get(relation.to, id)) continue;
        const message = `Поле ${relation.field}: документ «${id}» (${target.labels.plural}) не існує`;
        throw new ValidationError(message, {
          reason: 'bad-relation',
          field: relation.field,
          zodError: fieldErrorsOf({ [relation.field]: message }),
        });
      }
    }
  }

  /**
   * Creates a document of a collection: `data` is the type's input (an empty or missing slug is
   * generated). Returns it as stored. BAD_REQUEST for invalid data or relations; CONFLICT
   * «Така адреса вже використовується» for a slug another document has.
   */
  async create(key: string, input: unknown, actor: Actor): Promise<ApiDocument> {
    const { core } = this;
    const type = core.typeOf(key, 'collection');
    for (let attempt = 1; ; attempt += 1) {
      const { data, generatedSlug } = await this.prepare(type, withoutMaintained(type, input), undefined, actor);
      const id = autoId();
      try {
        const [doc] = await core.commit(type, id, [
          { kind: 'create', collection: type.key, id, data, unique: uniqueFields(type, data) },
          core.history.revisionOp(type.key, id, 1, 'create', actor, data),
          core.history.auditOp(actor, type.key, id, titleOf(type, data, id), 'create'),
          ...(await slugRedirectOps(core.store, core.history, actor, { type, id, before: null, after: data })),
        ]);
        return core.toApi(type, doc);
      } catch (err) {
        // Someone took the generated slug between the check and the write: generate again.
        if (generatedSlug && attempt < SLUG_RETRIES && isSlugTaken(err)) continue;
        throw err;
      }
    }
  }

  /**
   * Replaces a document's data if `version` is still current. NOT_FOUND, BAD_REQUEST, CONFLICT
   * (stale version: message STALE_VERSION_MESSAGE and the current document in `data.current`;
   * or a taken slug).
   */
  async update(key: string, id: string, version: number, input: unknown, actor: Actor): Promise<ApiDocument> {
    return this.writeExisting(this.core.typeOf(key, 'collection'), id, version, input, actor, 'update');
  }

  /**
   * Writes new data over an existing document (an update, or a restore of an old revision) if
   * `version` is current: the type's maintained fields keep their stored values, then its
   * `updateRule` applies (PRECONDITION_FAILED when it refuses).
   */
  async writeExisting(
    type: AnyContentType,
    id: string,
    version: number,
    input: unknown,
    actor: Actor,
    kind: 'update' | 'restore',
  ): Promise<ApiDocument> {
    const { core } = this;
    const current = await core.load(type, id);
    if (current.version !== version) throw await core.stale(type, id);
    for (let attempt = 1; ; attempt += 1) {
      const prepared = await this.prepare(type, withoutMaintained(type, input), id, actor);
      const data = ruledUpdate(type, current.data, keepMaintained(type, prepared.data, current.data), {
        now: core.content.now().toISOString(),
        createdAt: current.createdAt,
      });
      const { generatedSlug } = prepared;
      const action = updateAction(type, current.data, data, kind);
      const baseline = await core.history.baselineOps(current);
      try {
        const docs = await core.commit(type, id, [
          ...baseline,
          {
            kind: 'update',
            collection: type.key,
            id,
            data,
            expectedVersion: version,
            unique: uniqueFields(type, data),
          },
          core.history.revisionOp(type.key, id, version + 1, action, actor, data),
          core.history.auditOp(actor, type.key, id, titleOf(type, data, id), action),
          ...(await slugRedirectOps(core.store, core.history, actor, { type, id, before: current.data, after: data })),
        ]);
        return core.toApi(type, docs[baseline.length]);
      } catch (err) {
        if (generatedSlug && attempt < SLUG_RETRIES && isSlugTaken(err)) continue;
        throw err;
      }
    }
  }

  /**
   * Saves a singleton (header, footer): `version` null is the first save (CONFLICT with the current
   * document when it was saved meanwhile), otherwise as `update`.
   */
  async saveSingleton(key: string, version: number | null, input: unknown, actor: Actor): Promise<ApiDocument> {
    const { core } = this;
    const type = core.typeOf(key, 'singleton');
    if (version !== null) return this.writeExisting(type, key, version, input, actor, 'update');
    const { data } = await this.prepare(type, withoutMaintained(type, input), key, actor);
    const [doc] = await core.commit(type, key, [
      { kind: 'create', collection: key, id: key, data },
      core.history.revisionOp(key, key, 1, 'create', actor, data),
      core.history.auditOp(actor, key, key, titleOf(type, data, key), 'create'),
    ]);
    return core.toApi(type, doc);
  }
}
