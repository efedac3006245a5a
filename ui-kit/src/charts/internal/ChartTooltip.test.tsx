import { render, screen } from '@testing-library/react';
import { ChartLegend } from './ChartLegend';
import { ChartTooltip } from './ChartTooltip';

const series = [
  { key: 'lost', label: 'Lost' },
  { key: 'damaged', label: 'Damaged', color: 3 as const },
];

describe('ChartTooltip and ChartLegend', () => {
  it('colour each series by its palette slot, through classes rather than inline styles', () => {
    const { container } = render(
      <>
        <ChartTooltip
          active
          label="2026-03-02"
          payload={[
            { dataKey: 'lost', name: 'Lost', value: 1200 },
            { dataKey: 'damaged', name: 'Damaged', value: null },
          ]}
          series={series}
          formatValue={(value) => `${value / 100} €`}
          formatLabel={(value) => `Week of ${value}`}
        />
        <ChartLegend series={series} />
      </>,
    );
    expect(screen.getByText('Week of 2026-03-02')).toBeInTheDocument();
    expect(screen.getByText(/Lost: 12 €/)).toBeInTheDocument();
    expect(screen.getByText(/Damaged: —/)).toBeInTheDocument();
    const swatches = [...container.querySelectorAll('[data-color]')];
    expect(swatches.map((swatch) => swatch.getAttribute('data-color'))).toEqual([
      '1',
      '3',
      '1',
      '3',
    ]);
    expect(container.querySelector('[style]')).toBeNull();
  });

  it('shows nothing when inactive', () => {
    const { container } = render(
      <ChartTooltip series={series} formatValue={String} formatLabel={String} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
