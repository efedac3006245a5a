// A separate entry (`@partner-portal/ui-kit/charts`): Recharts is only bundled by apps that draw charts.
export { BarChart } from './BarChart';
export type { BarChartProps } from './BarChart';
export type { ChartDatum, ChartSeries } from './internal/chartTheme';
export { LineChart } from './LineChart';
export type { LineChartProps } from './LineChart';
export { ChartCard, ChartTable } from './ChartCard';
export type { ChartCardProps, ChartCardView, ChartTableProps } from './ChartCard';
