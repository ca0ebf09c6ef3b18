/**
 * The edit screen of a document (or of a singleton such as the header), generated from the
 * registry: a react-hook-form form validated by the same zod schema as the server, with field errors
 * beside the fields (the server's too), optimistic concurrency (a CONFLICT offers reload or compare),
 * a warning before leaving with unsaved changes, revision history with restore, delete (with detach
 * when other documents refer to it), a draft preview link, and child documents edited inside.
 */
import { Alert, Anchor, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { TRPCClientError } from '@trpc/client';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useBlocker, useNavigate } from 'react-router';
import { fieldLabelOf, type AnyContentType } from '../../../shared/content/define';
import { collectionApi, singletonApi, useInvalidateType, type AdminDoc } from '../contentApi';
import { dataOf, formSchema, newDocumentValues } from '../form/defaults';
import { FieldInput } from '../form/FieldInput';
import { formFields } from '../form/introspect';
import { ADMIN_HOME } from '../guards';
import { trpcErrorMessage } from '../trpcErrors';
import { ChildrenPanel, childTypesOf, RelatedPanel, relatedTypesOf } from './ChildrenPanel';
import { useAdmin } from '../context';
import { useSessionState } from '../session';
import { ConflictModal } from './ConflictModal';
import { RevisionsDrawer } from './RevisionsDrawer';
import { fieldText } from '../../../shared/fieldText';

/** The slug field's help on a new document (the server makes the slug from the title when it is empty). */
const SLUG_HELP = 'Можна залишити порожньою — її буде створено з назви за офіційною транслітерацією.';

interface ErrorData {
  code?: string;
  /** Why a CONFLICT or PRECONDITION_FAILED happened: stale-version, slug-taken, in-use… */
  reason?: string;
  zodError?: { fieldErrors?: Record<string, string[]> } | null;
  current?: AdminDoc;
}

function errorData(err: unknown): ErrorData {
  return err instanceof TRPCClientError ? ((err.data ?? {}) as ErrorData) : {};
}

export interface EditTarget {
  type: AnyContentType;
  /** Existing document id; undefined for a new one. Singletons use their key. */
  id?: string;
  /** Values preset on a new document (e.g. the parent conference of a thesis). */
  preset?: Record<string, unknown>;
  /** Where the list of this document is (after create/delete). */
  backTo: string;
  /** Path prefix of this document's own URL (…/{id}). */
  basePath: string;
  backLabel: string;
}

export function SectionEditPage(target: EditTarget) {
  const { type } = target;
  const singleton = type.kind === 'singleton';
  const collection = collectionApi(type.key);
  const single = singletonApi(type.key);
  const existing = singleton
    ? single.get.useQuery(undefined)
    : collection.get.useQuery({ id: target.id ?? '' }, { enabled: !!target.id });
  if (target.id && existing.isLoading) return <Loader aria-label="Завантаження документа" />;
  if (existing.error) {
    return (
      <Alert color="red" role="alert">
        {trpcErrorMessage(existing.error)}
      </Alert>
    );
  }
  return (
    <EditForm
      key={`${type.key}/${target.id ?? 'new'}`}
      target={target}
      doc={existing.data ?? null}
      reload={() => existing.refetch()}
    />
  );
}

function EditForm({
  target,
  doc,
  reload,
}: {
  target: EditTarget;
  doc: AdminDoc | null;
  reload: () => Promise<unknown>;
}) {
  const { type } = target;
  const singleton = type.kind === 'singleton';
  const specs = useMemo(() => formFields(type), [type]);
  const navigate = useNavigate();
  const invalidate = useInvalidateType();
  const collection = collectionApi(type.key);
  const single = singletonApi(type.key);
  const create = collection.create.useMutation();
  const update = collection.update.useMutation();
  const updateSingle = single.update.useMutation();
  const remove = collection.delete.useMutation();
  const restore = (singleton ? single : collection).restore.useMutation();
  const [version, setVersion] = useState<number | null>(doc?.version ?? null);
  const [conflict, setConflict] = useState<{ mine: Record<string, unknown>; theirs: AdminDoc | null } | null>(null);
  const [deleting, setDeleting] = useState<{ message?: string } | null>(null);
  const [history, setHistory] = useState(false);
  const [saved, setSaved] = useState(false);
  const sessionState = useSessionState(useAdmin().session);
  const role = sessionState.status === 'signedIn' ? sessionState.role : null;
  /** Set just before navigating away on purpose (after create or delete), read by the blocker. */
  const leaving = useRef(false);

  const form = useForm<Record<string, unknown>>({
    resolver: zodResolver(formSchema(type)) as never,
    defaultValues: doc ? dataOf(type, doc) : { ...newDocumentValues(type, specs), ...target.preset },
    mode: 'onTouched',
  });
  const dirty = form.formState.isDirty && !saved;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const applyServerErrors = (err: unknown) => {
    const fieldErrors = errorData(err).zodError?.fieldErrors ?? {};
    for (const [field, messages] of Object.entries(fieldErrors)) {
      if (messages?.[0]) form.setError(field.replace(/^data\./, ''), { message: messages[0] });
    }
    form.setError('root', { message: trpcErrorMessage(err) });
  };

  const save = async (data: Record<string, unknown>, overVersion?: number) => {
    try {
      let result: AdminDoc;
      if (singleton) result = await updateSingle.mutateAsync({ version: overVersion ?? version, data });
      else if (doc)
        result = await update.mutateAsync({ id: doc.id, version: overVersion ?? version ?? doc.version, data });
      else result = await create.mutateAsync({ data });
      setVersion(result.version);
      await invalidate(type.key);
      notifications.show({ color: 'green', message: 'Збережено' });
      if (!doc && !singleton) {
        setSaved(true);
        leaving.current = true;
        void navigate(`${target.basePath}/${result.id}`, { replace: true });
      } else {
        form.reset(dataOf(type, result));
      }
    } catch (err) {
      const data = errorData(err);
      if (data.code === 'CONFLICT' && data.reason === 'stale-version') {
        setConflict({ mine: form.getValues(), theirs: data.current ?? null });
        return;
      }
      applyServerErrors(err);
    }
  };

  const onDelete = async (detach: boolean) => {
    if (!doc) return;
    try {
      await remove.mutateAsync({ id: doc.id, version: version ?? undefined, detach });
      await invalidate(type.key);
      setSaved(true);
      leaving.current = true;
      setDeleting(null);
      notifications.show({ color: 'green', message: 'Документ видалено' });
      void navigate(target.backTo);
    } catch (err) {
      if (errorData(err).code === 'PRECONDITION_FAILED') setDeleting({ message: trpcErrorMessage(err) });
      else notifications.show({ color: 'red', title: 'Помилка', message: trpcErrorMessage(err) });
    }
  };

  const onRestore = async (revision: number) => {
    try {
      const result = await restore.mutateAsync({ id: doc?.id ?? type.key, revision, version: version ?? 0 });
      setVersion(result.version);
      form.reset(dataOf(type, result));
      await invalidate(type.key);
      setHistory(false);
      notifications.show({ color: 'green', message: `Відновлено версію; збережено як версію ${result.version}` });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Помилка', message: trpcErrorMessage(err) });
    }
  };

  const title = doc
    ? fieldText(doc[type.useAsTitle], type.labels.singular)
    : singleton
      ? type.labels.singular
      : `Новий документ: ${type.labels.singular.toLowerCase()}`;
  const previewPath =
    doc && type.publicPath ? `${type.publicPath(doc)}${type.publicPath(doc).includes('#') ? '' : '?preview=1'}` : null;
  const root = form.formState.errors.root?.message;

  return (
    <FormProvider {...form}>
      <Stack maw={960}>
        <Group justify="space-between" align="flex-start">
          <div>
            {!singleton ? (
              <Anchor component={Link} to={target.backTo} size="sm">
                ← {target.backLabel}
              </Anchor>
            ) : null}
            <Title order={1} size="h2">
              {title}
            </Title>
            {version !== null ? (
              <Text size="sm" c="dimmed">
                Версія {version}
              </Text>
            ) : null}
          </div>
          <Group gap="xs">
            {previewPath ? (
              <Button variant="default" component="a" href={previewPath} target="_blank">
                Переглянути на сайті
              </Button>
            ) : null}
            {doc || (singleton && version !== null) ? (
              <Button variant="default" onClick={() => setHistory(true)}>
                Історія змін
              </Button>
            ) : null}
          </Group>
        </Group>
        <form onSubmit={(event) => void form.handleSubmit((data) => save(data))(event)} noValidate aria-label={title}>
          <Stack>
            {root ? (
              <Alert color="red" role="alert" title="Не вдалося зберегти">
                {root}
              </Alert>
            ) : null}
            {Object.keys(form.formState.errors).some((k) => k !== 'root') && !root ? (
              <Alert color="red" role="alert">
                Перевірте виділені поля.
              </Alert>
            ) : null}
            {specs.map((spec) =>
              target.preset && spec.name in target.preset ? null : (
                <FieldInput
                  key={spec.name}
                  spec={!doc && spec.name === type.slug?.field && !spec.help ? { ...spec, help: SLUG_HELP } : spec}
                  path={spec.name}
                />
              ),
            )}
            <Paper withBorder p="sm" pos="sticky" bottom={0} style={{ zIndex: 5 }}>
              <Group justify="space-between">
                <Group>
                  <Button type="submit" loading={form.formState.isSubmitting}>
                    Зберегти
                  </Button>
                  {dirty ? (
                    <Text size="sm" c="orange">
                      Є незбережені зміни
                    </Text>
                  ) : null}
                </Group>
                {doc && !singleton ? (
                  <Button color="red" variant="subtle" onClick={() => setDeleting({})}>
                    Видалити
                  </Button>
                ) : null}
              </Group>
            </Paper>
          </Stack>
        </form>
        {doc && !singleton
          ? childTypesOf(type).map((child) => (
              <ChildrenPanel
                key={child.type.key}
                parent={doc}
                relation={child}
                basePath={`${target.basePath}/${doc.id}`}
              />
            ))
          : null}
        {doc && !singleton
          ? relatedTypesOf(type)
              .filter((r) => (r.type as { access?: string }).access !== 'admin' || role === 'admin')
              .map((r) => <RelatedPanel key={r.type.key} parent={doc} relation={r} />)
          : null}
      </Stack>
      <ConflictModal
        opened={!!conflict}
        mine={conflict?.mine ?? {}}
        theirs={conflict?.theirs ? dataOf(type, conflict.theirs) : null}
        labels={(f) => fieldLabelOf(type, f)}
        onClose={() => setConflict(null)}
        onReload={() => {
          setConflict(null);
          void reload().then(() => {
            if (conflict?.theirs) {
              setVersion(conflict.theirs.version);
              form.reset(dataOf(type, conflict.theirs));
            }
          });
        }}
        onKeepMine={() => {
          const theirs = conflict?.theirs;
          setConflict(null);
          if (theirs) void save(form.getValues(), theirs.version);
        }}
      />
      <Modal opened={!!deleting} onClose={() => setDeleting(null)} title="Видалити документ?">
        <Stack>
          {deleting?.message ? (
            <Alert color="orange" role="alert">
              {deleting.message}
            </Alert>
          ) : (
            <Text>Документ «{title}» буде видалено. Історія змін залишиться в журналі.</Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Скасувати
            </Button>
            {deleting?.message ? (
              <Button color="red" onClick={() => void onDelete(true)}>
                Відв’язати й видалити
              </Button>
            ) : (
              <Button color="red" onClick={() => void onDelete(false)}>
                Видалити
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
      <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title="Незбережені зміни">
        <Stack>
          <Text>Ви змінили документ, але не зберегли зміни. Вийти без збереження?</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              Залишитися
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              Вийти без збереження
            </Button>
          </Group>
        </Stack>
      </Modal>
      {doc || singleton ? (
        <RevisionsDrawer
          api={singleton ? single : collection}
          id={doc?.id ?? type.key}
          opened={history}
          onClose={() => setHistory(false)}
          onRestore={onRestore}
        />
      ) : null}
    </FormProvider>
  );
}

export { ADMIN_HOME };
