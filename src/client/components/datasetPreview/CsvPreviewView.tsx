/** A CSV file's preview: its first rows as a table (server-rendered) and a chart of a numeric column. */
import { useId } from 'react';
import { TableScroll } from '../TableScroll';
import { CsvChart, type CsvViewProps } from './CsvChart';

export function CsvPreviewView({ preview, fileName, source }: CsvViewProps) {
  const id = useId();
  return (
    <>
      <TableScroll labelledBy={id}>
        <table className="data-table csv-table">
          <caption id={id}>
            {preview.rows.length > 1
              ? `Рядки 1–${preview.rows.length}`
              : preview.rows.length
                ? 'Рядок 1'
                : 'Немає рядків даних'}{' '}
            файлу {fileName}
            {preview.partial ? ' (у файлі є ще рядки)' : ''}
          </caption>
          <thead>
            <tr>
              {preview.columns.map((c, i) => (
                <th key={i} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row, r) => (
              <tr key={r}>
                {preview.columns.map((_, c) => (
                  <td key={c}>{row[c] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {preview.series.length > 0 && <CsvChart preview={preview} fileName={fileName} source={source} />}
    </>
  );
}
