/**
 * Shown when a save finds a newer version. Compares three versions (conflictMerge): what I changed
 * since the form was loaded, what the other person changed, and asks only about fields both changed.
 * Offers: save my changes on top of the stored version, merge them into the form to review, compare
 * in full, or load the stored version (asking first when that drops my changes).
 */
import { Button, Group, Modal, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConflictCompare } from './ConflictCompare';
import { changedFields, mergeOnTheirs, sameValue, type FieldChoice } from './conflictMerge';

function names(fields: { name: string }[], labels: (f: string) => string): string {
  return fields.map((f) => `«${labels(f.name)}»`).join(', ');
}

/** One radio group per field both sides changed: keep mine (default) or the stored value. */
function BothChangedChoices({
  fields,
  labels,
  choices,
  onChoose,
}: {
  fields: { name: string }[];
  labels: (f: string) => string;
  choices: Record<string, FieldChoice>;
  onChoose: (field: string, choice: FieldChoice) => void;
}) {
  if (!fields.length) return null;
  return (
    <Stack gap="xs">
      <Text fw={600}>Ці поля змінили ви обоє — оберіть, що залишити:</Text>
      {fields.map(({ name }) => (
        <Radio.Group
          key={name}
          label={labels(name)}
          value={choices[name] ?? 'mine'}
          onChange={(v) => onChoose(name, v)}
        >
          <Group mt={4}>
            <Radio value="mine" label="Моя версія" />
            <Radio value="theirs" label="Збережена версія" />
          </Group>
        </Radio.Group>
      ))}
    </Stack>
  );
}

export function ConflictModal({
  opened,
  base,
  mine,
  theirs,
  labels,
  onReload,
  onKeepMine,
  onMerge,
  onClose,
}: {
  opened: boolean;
  /** The form's values as loaded (the version my edits started from). */
  base: Record<string, unknown>;
  mine: Record<string, unknown>;
  theirs: Record<string, unknown> | null;
  labels: (field: string) => string;
  onReload: () => void;
  /** Saves `merged` (the stored version with my changes on top) over the stored version. */
  onKeepMine: (merged: Record<string, unknown>) => void;
  /** Puts `merged` into the form, based on the stored version, without saving. */
  onMerge: (merged: Record<string, unknown>) => void;
  onClose: () => void;
}) {
  const [comparing, setComparing] = useState(false);
  const [confirmingReload, setConfirmingReload] = useState(false);
  const [choices, setChoices] = useState<Record<string, FieldChoice>>({});
  const fields = theirs ? changedFields(base, mine, theirs) : [];
  const minePart = fields.filter((f) => f.change !== 'theirs');
  const theirsOnly = fields.filter((f) => f.change === 'theirs');
  const both = fields.filter((f) => f.change === 'both');
  const mineChanged = Object.keys(mine).some((k) => !sameValue(mine[k], base[k]));
  const merged = () => (theirs ? mergeOnTheirs(base, mine, theirs, choices) : mine);

  if (confirmingReload)
    return (
      <Modal opened={opened} onClose={onClose} title="Відкинути ваші зміни?" size="lg">
        <Stack>
          <Text>
            Ваші незбережені зміни{minePart.length ? ` у полях ${names(minePart, labels)}` : ''} буде втрачено, а у
            формі з’явиться збережена версія.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmingReload(false)}>
              Назад
            </Button>
            <Button color="red" onClick={onReload}>
              Відкинути мої зміни
            </Button>
          </Group>
        </Stack>
      </Modal>
    );

  return (
    <Modal opened={opened} onClose={onClose} title="Документ змінено іншим користувачем" size="xl">
      <Stack>
        <Text>Поки ви редагували, хтось інший зберіг цей документ. Ваші зміни ще не збережено.</Text>
        {theirs ? (
          <>
            <Text size="sm">Ви змінили: {minePart.length ? names(minePart, labels) : 'нічого'}.</Text>
            <Text size="sm">
              Інший користувач змінив:{' '}
              {names(
                fields.filter((f) => f.change !== 'mine'),
                labels,
              ) || 'нічого'}
              .
            </Text>
            <BothChangedChoices
              fields={both}
              labels={labels}
              choices={choices}
              onChoose={(field, choice) => setChoices((c) => ({ ...c, [field]: choice }))}
            />
          </>
        ) : null}
        {comparing && theirs ? (
          <ScrollArea.Autosize mah={420} type="auto">
            <ConflictCompare fields={fields} mine={mine} theirs={theirs} labels={labels} />
          </ScrollArea.Autosize>
        ) : null}
        {theirs ? (
          <Text size="sm" c="dimmed">
            «Зберегти мої зміни поверх» збереже лише змінені вами поля поверх збереженої версії
            {theirsOnly.length ? `; зміни іншого користувача в полях ${names(theirsOnly, labels)} залишаться` : ''}.
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => (mineChanged ? setConfirmingReload(true) : onReload())}>
            Завантажити збережену версію
          </Button>
          <Button variant="light" onClick={() => setComparing((c) => !c)} disabled={!theirs}>
            {comparing ? 'Сховати порівняння' : 'Порівняти'}
          </Button>
          <Button variant="light" onClick={() => onMerge(merged())} disabled={!theirs}>
            Об’єднати у формі
          </Button>
          <Button color="red.9" onClick={() => onKeepMine(merged())} disabled={!theirs}>
            Зберегти мої зміни поверх
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
