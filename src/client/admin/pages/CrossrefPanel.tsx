/**
 * On a journal issue's edit screen: «Завантажити XML для Crossref» makes the issue's Crossref
 * deposit file (adminScholarly.crossrefIssue, staff only) and saves it; entries left out for want
 * of a DOI are listed. Nothing is sent to Crossref: the editor uploads the file there.
 */
import { Alert, Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';

/** Saves text as a file through a temporary object URL. */
function saveFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function CrossrefPanel({ issueId }: { issueId: string }) {
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState(false);
  const [skipped, setSkipped] = useState<string[]>([]);
  const [error, setError] = useState('');
  const download = async () => {
    setBusy(true);
    setError('');
    try {
      const file = await utils.adminScholarly.crossrefIssue.fetch({ id: issueId }, { staleTime: 0 });
      saveFile(file.fileName, file.xml, 'application/xml');
      setSkipped(file.skipped);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Не вдалося підготувати файл');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="crossref-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="crossref-title">
          Депонування в Crossref
        </Title>
        <Text size="sm">
          Файл XML (схема Crossref 5.4.0) з випуском і статтями, що мають DOI. Його завантажують у Crossref вручну.
        </Text>
        <div>
          <Button onClick={() => void download()} loading={busy}>
            Завантажити XML для Crossref
          </Button>
        </div>
        {error ? <Alert color="red">{error}</Alert> : null}
        {skipped.length ? (
          <Alert color="yellow" title="Без DOI, тому не ввійшли до файлу">
            <List size="sm">
              {skipped.map((t) => (
                <List.Item key={t}>{t}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
