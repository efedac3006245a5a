import type { Meta, StoryObj } from '@storybook/react-vite';
import { Link } from '../../Link';
import { BarChart } from '../BarChart';
import { formatWeek, weeklyClaims } from '../internal/sample.fixtures';
import { ChartCard } from './ChartCard';
import { ChartTable } from './ChartTable';

const series = [
  { key: 'lost', label: 'Lost' },
  { key: 'damaged', label: 'Damaged' },
  { key: 'inbound_short', label: 'Inbound short' },
];

const meta = {
  title: 'Charts/ChartCard',
  component: ChartCard,
  args: {
    title: 'Claims filed by type',
    description: 'Per week, January and February 2026',
    actions: (
      <Link href="#claims.csv" download>
        Download CSV
      </Link>
    ),
    chart: (
      <BarChart
        title="Claims filed per week by type, January and February 2026"
        data={weeklyClaims}
        xKey="week"
        formatX={formatWeek}
        series={series}
        stacked
      />
    ),
    table: (
      <ChartTable
        caption="Claims filed by type, per week"
        hideCaption
        data={weeklyClaims}
        xKey="week"
        xHeader="Week"
        formatX={formatWeek}
        series={series}
      />
    ),
  },
} satisfies Meta<typeof ChartCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Chart: Story = {};

export const TableView: Story = { args: { defaultView: 'table' } };

export const DarkTheme: Story = { parameters: { theme: 'dark' } };

/**
 * The table view on a 375 px phone: below 24rem of its own width each row is a card of values
 * labelled with their series, so no column is clipped or hidden behind a sideways scroll.
 */
export const TableViewPhone375: Story = {
  args: { defaultView: 'table' },
  parameters: {
    viewport: {
      options: {
        phone375: {
          name: 'Phone, 375 px',
          styles: { width: '375px', height: '667px' },
          type: 'mobile',
        },
      },
    },
  },
  globals: { viewport: { value: 'phone375', isRotated: false } },
};
