import { render, screen, waitFor } from '@testing-library/react';
import { itRendersEveryStoryAccessibly } from '../../test-utils/stories';
import { weeklyClaims } from '../internal/sample.fixtures';
import * as stories from './BarChart.stories';
import { BarChart } from './BarChart';

describe('BarChart', () => {
  itRendersEveryStoryAccessibly(stories);

  it('is an image named by its title with a bar per datum and series', async () => {
    const { container } = render(
      <BarChart
        title="Claims per week"
        data={weeklyClaims}
        xKey="week"
        series={[
          { key: 'lost', label: 'Lost' },
          { key: 'damaged', label: 'Damaged' },
        ]}
      />,
    );
    expect(screen.getByRole('img', { name: 'Claims per week' })).toBeInTheDocument();
    // The plot is drawn once its module (Recharts) has loaded.
    await waitFor(() =>
      expect(container.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(
        weeklyClaims.length * 2,
      ),
    );
  });
});
