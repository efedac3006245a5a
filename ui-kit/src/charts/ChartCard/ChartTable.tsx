import { DataTable, type DataTableColumn } from '../../DataTable/DataTable';
import {
  defaultFormatX,
  defaultFormatY,
  type ChartDatum,
  type ChartSeries,
} from '../internal/chartTheme';

export interface ChartTableProps {
  /** What the table lists; its accessible name ("Claims filed by type, per week"). */
  caption: string;
  /** Hides the caption visually (when the card's heading already says it). */
  hideCaption?: boolean;
  /** The chart's data: the same rows the chart draws. */
  data: ChartDatum[];
  /** Property of each datum holding the x value: the first column, a row header. */
  xKey: string;
  /** Header of the first column ("Week"). */
  xHeader: string;
  /** One column per series, in order. */
  series: ChartSeries[];
  /** Formats the x values, as the chart does. */
  formatX?: (value: string | number) => string;
  /** Formats the values, as the chart does; a missing value (`null`) reads `missingText`. */
  formatY?: (value: number, series: ChartSeries) => string;
  /** What a missing value reads ("—"). */
  missingText?: string;
}

/**
 * The numbers of a chart as a table: a row per datum, a column per series. The accessible
 * counterpart of every chart (a chart is an image to assistive technology).
 */
export function ChartTable({
  caption,
  hideCaption = false,
  data,
  xKey,
  xHeader,
  series,
  formatX = defaultFormatX,
  formatY = (value) => defaultFormatY(value),
  missingText = '—',
}: ChartTableProps) {
  const columns: Array<DataTableColumn<ChartDatum>> = [
    {
      id: xKey,
      header: xHeader,
      cell: (datum) => {
        const value = datum[xKey];
        return value === null || value === undefined ? missingText : formatX(value);
      },
      rowHeader: true,
    },
    ...series.map((item): DataTableColumn<ChartDatum> => ({
      id: item.key,
      header: item.label,
      align: 'end',
      cell: (datum) => {
        const value = datum[item.key];
        return typeof value === 'number' ? formatY(value, item) : missingText;
      },
    })),
  ];
  return (
    <DataTable
      caption={caption}
      hideCaption={hideCaption}
      columns={columns}
      rows={data}
      getRowId={(datum) => String(datum[xKey])}
      density="compact"
    />
  );
}
