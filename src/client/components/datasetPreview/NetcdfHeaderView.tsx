/** A NetCDF file's header: coverage, dimensions, variables (units, standard_name) and global attributes. */
import { useId, type ReactNode } from 'react';
import type { NetcdfPreview } from '../../../shared/datasetPreview';
import { TableScroll } from '../TableScroll';
import { formatNumber, plural } from './chartText';

const FORMAT_NAMES: Record<string, string> = {
  'classic format': 'NetCDF класичний (CDF-1)',
  '64-bit offset format': 'NetCDF з 64-бітними зсувами (CDF-2)',
};

/** «50,9° пн. ш.» and the like, for a bounding box's edges. */
const lat = (v: number) => `${formatNumber(Math.abs(v), 4)}° ${v < 0 ? 'пд.' : 'пн.'} ш.`;
const lon = (v: number) => `${formatNumber(Math.abs(v), 4)}° ${v < 0 ? 'зх.' : 'сх.'} д.`;

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  const id = useId();
  return (
    <TableScroll labelledBy={id}>
      <table className="data-table">
        <caption id={id}>{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) =>
                c === 0 ? (
                  <th key={c} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={c}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

export function NetcdfHeaderView({ preview }: { preview: NetcdfPreview }) {
  const { time, bbox } = preview;
  return (
    <>
      <dl className="facts">
        <div>
          <dt>Формат</dt>
          <dd>{FORMAT_NAMES[preview.format] ?? preview.format}</dd>
        </div>
        {time && (
          <div>
            <dt>Часове покриття</dt>
            <dd>
              {time.start} – {time.end} ({plural(time.steps, ['крок', 'кроки', 'кроків'])})
            </dd>
          </div>
        )}
        {bbox && (
          <div>
            <dt>Просторове покриття</dt>
            <dd>
              {lat(bbox.south)} – {lat(bbox.north)}, {lon(bbox.west)} – {lon(bbox.east)}
            </dd>
          </div>
        )}
      </dl>
      <Table
        caption="Виміри"
        head={['Вимір', 'Довжина']}
        rows={preview.dimensions.map((d) => [d.name, d.unlimited ? `${d.size} (необмежений)` : String(d.size)])}
      />
      <Table
        caption="Змінні"
        head={['Змінна', 'Виміри', 'Тип', 'Одиниці', 'standard_name', 'Опис (long_name)']}
        rows={preview.variables.map((v) => [
          v.name,
          v.dimensions.join(' × '),
          v.type,
          v.units,
          v.standardName,
          v.longName,
        ])}
      />
      {preview.attributes.length > 0 && (
        <Table
          caption="Глобальні атрибути"
          head={['Атрибут', 'Значення']}
          rows={preview.attributes.map((a) => [a.name, a.value])}
        />
      )}
    </>
  );
}
