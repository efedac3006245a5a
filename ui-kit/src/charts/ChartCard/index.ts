export { ChartCard, type ChartCardProps, type ChartCardView } from './ChartCard';
export { ChartTable, type ChartTableProps } from './ChartTable';
