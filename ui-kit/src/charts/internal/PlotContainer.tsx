import type { ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';

/** Recharts' responsive container at the chart's height: the plot's part of the frame. */
export function PlotContainer({ height, children }: { height: number; children: ReactElement }) {
  return (
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 640, height }}>
      {children}
    </ResponsiveContainer>
  );
}
