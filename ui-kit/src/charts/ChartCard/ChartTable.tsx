import { useId, type ReactNode } from 'react';
import { VisuallyHidden } from '../../internal/VisuallyHidden';
import {
  defaultFormatX,
  defaultFormatY,
  type ChartDatum,
  type ChartSeries,
} from '../internal/chartTheme';
import styles from './ChartTable.module.css';

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
  /** Renders an x value's cell instead of its text (a link to the item); defaults to `formatX`. */
  renderX?: (value: string | number, datum: ChartDatum) => ReactNode;
  /** Formats the values, as the chart does; a missing value (`null`) reads `missingText`. */
  formatY?: (value: number, series: ChartSeries) => string;
  /** What a missing value reads ("—"). */
  missingText?: string;
}

/**
 * The numbers of a chart as a table: a row per datum (its x value the row header), a column per
 * series. The accessible counterpart of every chart, which is an image to assistive technology.
 * A plain table: no sorting, selection or paging. Its headers wrap, so its columns fit a card; below
 * 24rem of its own width (a phone) each row is a card of labelled values, so no column is clipped.
 */
export function ChartTable({
  caption,
  hideCaption = false,
  data,
  xKey,
  xHeader,
  series,
  formatX = defaultFormatX,
  renderX,
  formatY = (value) => defaultFormatY(value),
  missingText = '—',
}: ChartTableProps) {
  const captionId = useId();
  return (
    <div className={styles.root}>
      <div className={styles.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className={styles.table}>
          <caption id={captionId} className={hideCaption ? undefined : styles.caption}>
            {hideCaption ? <VisuallyHidden>{caption}</VisuallyHidden> : caption}
          </caption>
          <thead>
            <tr>
              <th scope="col" className={styles.th}>
                {xHeader}
              </th>
              {series.map((item) => (
                <th key={item.key} scope="col" className={styles.th} data-align="end">
                  {item.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((datum, index) => {
              const x = datum[xKey];
              return (
                <tr key={String(x ?? index)}>
                  <th scope="row" className={styles.td}>
                    {x === null || x === undefined
                      ? missingText
                      : renderX
                        ? renderX(x, datum)
                        : formatX(x)}
                  </th>
                  {series.map((item) => {
                    const value = datum[item.key];
                    return (
                      <td
                        key={item.key}
                        className={styles.td}
                        data-align="end"
                        // The series names the value on a card (drawn by CSS, hidden from assistive
                        // technology, which reads the column header itself).
                        data-label={item.label}
                      >
                        {typeof value === 'number' ? formatY(value, item) : missingText}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
