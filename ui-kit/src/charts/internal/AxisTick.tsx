/** What Recharts hands a custom tick (the part of it this tick reads). */
export interface AxisTickProps {
  x?: number | string;
  y?: number | string;
  index?: number;
  textAnchor?: 'start' | 'middle' | 'end' | 'inherit';
  verticalAnchor?: 'start' | 'middle' | 'end';
  payload?: { value: string | number };
  tickFormatter?: (value: string | number, index: number) => string;
}

/** The offset of a one-line label from its anchor, as Recharts' `Text` sets it (cap height 0.71em). */
const anchorDy = { start: '0.71em', middle: '0.355em', end: '0' } as const;

/**
 * An axis label as one SVG `<text>`. Recharts' own tick (`Text`) measures each label's words in the
 * DOM to wrap them, and its axis then reads the label's computed font: forced layouts and style
 * recalculations on every plot's mount. Axis labels here are one short line (a date, an amount),
 * shown or skipped by `categoryInterval`.
 */
export function AxisTick({
  x,
  y,
  index = 0,
  textAnchor = 'middle',
  verticalAnchor = 'start',
  payload,
  tickFormatter,
}: AxisTickProps) {
  if (payload === undefined) return null;
  const label = tickFormatter ? tickFormatter(payload.value, index) : String(payload.value);
  return (
    <text
      x={x}
      y={y}
      dy={anchorDy[verticalAnchor]}
      textAnchor={textAnchor}
      fill="var(--ppui-color-fg-muted)"
      fontSize={12}
    >
      {label}
    </text>
  );
}

/** Recharts' `tick` option: a function, so that no props of ours are spread onto the label. */
export const axisTick = (props: AxisTickProps) => <AxisTick {...props} />;
