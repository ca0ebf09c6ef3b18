/**
 * The body of the media library's delete confirmation: which documents use the file
 * (`adminMedia.usage`: type, title, published or draft) and that their pages will show a broken
 * link or image; a file no document uses gets the plain warning.
 */
import { List, Loader, Text } from '@mantine/core';
import type { FileRef } from '../../../shared/content/fields';
import { trpc } from '../../lib/trpc';

/** The plain warning: the file goes, pages linking it from elsewhere break. */
function PlainWarning({ file }: { file: FileRef }) {
  return (
    <Text>
      Файл <strong>{file.name}</strong> буде видалено зі сховища. Сторінки, що посилаються на нього, показуватимуть
      непрацююче посилання.
    </Text>
  );
}

export function FileUsageNote({ file }: { file: FileRef }) {
  // Asked afresh each time the dialog opens: a document may have started using the file since.
  const usage = trpc.adminMedia.usage.useQuery({ path: file.path }, { gcTime: 0, retry: false });
  if (usage.isLoading) return <Loader size="sm" aria-label="Перевірка, де використовується файл" />;
  if (usage.error || !usage.data)
    return (
      <>
        <PlainWarning file={file} />
        <Text c="red" size="sm" role="alert">
          Не вдалося перевірити, чи використовують цей файл документи.
        </Text>
      </>
    );
  const { users, total } = usage.data;
  if (total === 0) return <PlainWarning file={file} />;
  return (
    <>
      <Text>
        Файл <strong>{file.name}</strong> використовується ({total}):
      </Text>
      <List size="sm" aria-label="Документи, що використовують файл">
        {users.map((u) => (
          <List.Item key={`${u.type}/${u.id}`}>
            {u.typeLabel} — {u.title} ({u.published ? 'опубліковано' : 'чернетка'})
          </List.Item>
        ))}
        {total > users.length ? <List.Item>…і ще {total - users.length}</List.Item> : null}
      </List>
      <Text c="red">
        Після видалення на їхніх сторінках буде непрацююче посилання або зображення. Спершу замініть файл у цих
        документах або скористайтеся «Замінити», щоб залишити посилання робочими.
      </Text>
    </>
  );
}
