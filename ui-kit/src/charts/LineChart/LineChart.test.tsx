import { render, screen, waitFor } from '@testing-library/react';
import { itRendersEveryStoryAccessibly } from '../../test-utils/stories';
import { weeklyClaims } from '../internal/sample.fixtures';
import * as stories from './LineChart.stories';
import { LineChart } from './LineChart';

describe('LineChart', () => {
  itRendersEveryStoryAccessibly(stories);

  it('is an image named by its title, drawing one themed line per series', async () => {
    const { container } = render(
      <LineChart
        title="Claims per week"
        data={weeklyClaims}
        xKey="week"
        series={[
          { key: 'lost', label: 'Lost' },
          { key: 'damaged', label: 'Damaged', color: 3 },
        ]}
      />,
    );
    expect(screen.getByRole('img', { name: 'Claims per week' })).toBeInTheDocument();
    // The plot is drawn once its module (Recharts) has loaded.
    await waitFor(() => expect(container.querySelector('.recharts-line-curve')).not.toBeNull());
    const lines = container.querySelectorAll('.recharts-line-curve');
    expect([...lines].map((line) => line.getAttribute('stroke'))).toEqual([
      'var(--ppui-color-chart-1)',
      'var(--ppui-color-chart-3)',
    ]);
  });

  it('shows the empty state without data', () => {
    render(<LineChart title="Claims" data={[]} xKey="week" series={[]} empty={<p>No data</p>} />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('No data')).toBeInTheDocument();
  });
});
