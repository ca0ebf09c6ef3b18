/**
 * What the parts of the admin's content service share: the actor type, the messages, and
 * `AdminCore`, which holds the store, the content service and the history and turns the store's
 * failures into domain errors (NOT_FOUND, stale version, taken slug) for every part.
 */
import type { z } from 'zod';
import type { ContentRegistry } from '../../../shared/content/registry';
import type { AnyContentType } from '../../../shared/content/define';
import type { Role } from '../../identity/types';
import {
  DocumentExistsError,
  DocumentNotFoundError,
  UniqueConstraintError,
  VersionConflictError,
  type DocumentStore,
  type StoredDocument,
  type WriteOp,
} from '../../store/port';
import { ConflictError, fieldErrorsOf, NotFoundError, ValidationError } from '../errors';
import { ContentHistory, type Author } from '../history';
import type { ApiDocument, ContentService } from '../service';

/** The signed-in staff member doing something (from the verified session). */
export interface Actor extends Author {
  role: Role;
}

/** A document's data as stored. */
export type Data = Record<string, unknown>;

export const STALE_VERSION_MESSAGE = 'Документ змінив інший користувач. Оновіть сторінку або порівняйте зміни.';
export const SLUG_TAKEN_MESSAGE = 'Така адреса вже використовується';

/** A document's title (its `useAsTitle` field), or its id when that is empty. */
export function titleOf(type: AnyContentType, data: Data, id: string): string {
  const value = data[type.useAsTitle];
  return typeof value === 'string' && value ? value : id;
}

/** NOT_FOUND «{Type}: не знайдено». */
export function notFound(type: AnyContentType): NotFoundError {
  return new NotFoundError(`${type.labels.singular}: не знайдено`);
}

/** BAD_REQUEST «Перевірте поля: …» naming the first issue, with the zod issues as cause (field errors for the form). */
export function badData(error: z.ZodError): ValidationError {
  const first = error.issues[0];
  const where = first?.path.length ? `${first.path.join('.')}: ` : '';
  return new ValidationError(`Перевірте поля: ${where}${first?.message ?? 'невірні дані'}`, {}, { cause: error });
}

/** Whether `err` is the CONFLICT of a slug another document holds (a generated slug is then generated again). */
export function isSlugTaken(err: unknown): boolean {
  return err instanceof ConflictError && err.reason === 'slug-taken';
}

/** The store, content service and history the parts work on, with the error handling they share. */
export class AdminCore {
  readonly store: DocumentStore;
  readonly history: ContentHistory;
  /** The content types (the content service's). */
  readonly registry: ContentRegistry;

  constructor(readonly content: ContentService) {
    this.store = content.store;
    this.registry = content.registry;
    this.history = new ContentHistory(content.store);
  }

  /** The registry type of `key`, which must be of `kind`. */
  typeOf(key: string, kind: 'collection' | 'singleton'): AnyContentType {
    const type = this.registry.get(key);
    if (type.kind !== kind) throw new Error(`${key} is not a ${kind}`);
    return type;
  }

  /** The stored document or NOT_FOUND. */
  async load(type: AnyContentType, id: string): Promise<StoredDocument<Data>> {
    const doc = await this.store.get<Data>(type.key, id);
    if (!doc) throw notFound(type);
    return doc;
  }

  /** CONFLICT for a stale version, with the current document (or null when it is gone) in `current`. */
  async stale(type: AnyContentType, id: string): Promise<ConflictError> {
    const current = await this.store.get<Data>(type.key, id);
    return new ConflictError(STALE_VERSION_MESSAGE, {
      reason: 'stale-version',
      current: current ? this.content.toApi(type, current) : null,
    });
  }

  /** The API shape of a document the store returned from a write. */
  toApi(type: AnyContentType, doc: StoredDocument<unknown> | null | undefined): ApiDocument {
    return this.content.toApi(type, doc as StoredDocument<Data>);
  }

  /** Commits a batch, turning the store's precondition failures into the admin's errors. */
  async commit(type: AnyContentType, id: string, ops: WriteOp[]): Promise<Array<StoredDocument<unknown> | null>> {
    try {
      return await this.store.commit(ops);
    } catch (err) {
      // A precondition on another registry document (a detached referrer) names that document;
      // one on the history (a revision written meanwhile) means this document changed.
      if (err instanceof VersionConflictError || err instanceof DocumentExistsError) {
        const other = this.registry.find(err.collection);
        throw other ? await this.stale(other, err.id) : await this.stale(type, id);
      }
      if (err instanceof DocumentNotFoundError) throw notFound(this.registry.find(err.collection) ?? type);
      if (err instanceof UniqueConstraintError) {
        throw new ConflictError(SLUG_TAKEN_MESSAGE, {
          reason: 'slug-taken',
          field: err.field,
          zodError: fieldErrorsOf({ [err.field]: SLUG_TAKEN_MESSAGE }),
        });
      }
      throw err;
    }
  }
}
