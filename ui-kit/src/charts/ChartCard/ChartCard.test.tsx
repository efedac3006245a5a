import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { itRendersEveryStoryAccessibly } from '../../test-utils/stories';
import { LineChart } from '../LineChart';
import { ChartCard } from './ChartCard';
import * as stories from './ChartCard.stories';
import { ChartTable } from './ChartTable';

const data = [
  { month: '2026-01-01', approved: 0.75, paid: 1200 },
  { month: '2026-02-01', approved: null, paid: 800 },
];
const series = [
  { key: 'approved', label: 'Approval rate' },
  { key: 'paid', label: 'Paid' },
];

describe('ChartCard', () => {
  itRendersEveryStoryAccessibly(stories);

  it('swaps the chart for a table of the same numbers with a pressed toggle', async () => {
    const user = userEvent.setup();
    const onViewChange = jest.fn();
    render(
      <ChartCard
        title="Approvals"
        onViewChange={onViewChange}
        chart={<LineChart title="Approvals per month" data={data} xKey="month" series={series} />}
        table={
          <ChartTable
            caption="Approvals per month"
            data={data}
            xKey="month"
            xHeader="Month"
            series={series}
            formatY={(value, item) =>
              item.key === 'approved' ? `${Math.round(value * 100)} %` : String(value)
            }
          />
        }
      />,
    );
    const card = screen.getByRole('region', { name: 'Approvals' });
    const toggle = within(card).getByRole('button', { name: 'Table view' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(within(card).getByRole('img', { name: 'Approvals per month' })).toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(onViewChange).toHaveBeenLastCalledWith('table');
    expect(within(card).queryByRole('img')).not.toBeInTheDocument();
    const table = within(card).getByRole('table', { name: 'Approvals per month' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'MonthApproval ratePaid',
      '2026-01-0175 %1200',
      '2026-02-01—800',
    ]);
    expect(within(table).getByRole('rowheader', { name: '2026-01-01' })).toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(within(card).getByRole('img', { name: 'Approvals per month' })).toBeInTheDocument();
  });
});

describe('ChartTable', () => {
  it('renders the x value of a row as given, such as a link', () => {
    render(
      <ChartTable
        caption="Top items"
        data={[{ sku: 'TENT-2P', claims: 3 }]}
        xKey="sku"
        xHeader="Item"
        series={[{ key: 'claims', label: 'Claims' }]}
        renderX={(value) => <a href={`/items/${value}`}>{value}</a>}
      />,
    );
    const table = screen.getByRole('table', { name: 'Top items' });
    expect(within(table).getByRole('link', { name: 'TENT-2P' })).toHaveAttribute(
      'href',
      '/items/TENT-2P',
    );
    expect(within(table).getByRole('cell', { name: '3' })).toBeInTheDocument();
  });
});
