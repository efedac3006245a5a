import { useContext, type ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';
import { PlotWidthContext } from './plotWidth';

/** Recharts' responsive container at the chart's height: the plot's part of the frame. */
export function PlotContainer({ height, children }: { height: number; children: ReactElement }) {
  const width = useContext(PlotWidthContext) ?? 640;
  return (
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width, height }}>
      {children}
    </ResponsiveContainer>
  );
}
