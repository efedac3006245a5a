import { render, screen } from '@testing-library/react';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './StatusPill.stories';
import {
  StatusPill,
  claimStatusLabels,
  claimStatusTones,
  stockStateLabels,
  stockStateTones,
  type ClaimStatus,
  type StockState,
} from './StatusPill';

describe('StatusPill', () => {
  itRendersEveryStoryAccessibly(stories);

  it.each(Object.keys(claimStatusLabels) as ClaimStatus[])(
    'shows %s as text with its tone',
    (status) => {
      render(<StatusPill status={status} data-testid="pill" />);
      const pill = screen.getByTestId('pill');
      expect(pill).toHaveTextContent(claimStatusLabels[status]);
      expect(pill).toHaveAttribute('data-tone', claimStatusTones[status]);
    },
  );

  it('gives each status but withdrawn/draft its own tone', () => {
    const { withdrawn: _withdrawn, draft: _draft, ...rest } = claimStatusTones;
    expect(new Set(Object.values(rest)).size).toBe(Object.keys(rest).length);
  });

  it.each(Object.keys(stockStateLabels) as StockState[])(
    'shows the stock state %s as text with its tone',
    (state) => {
      render(<StatusPill status={state} data-testid="pill" />);
      const pill = screen.getByTestId('pill');
      expect(pill).toHaveTextContent(stockStateLabels[state]);
      expect(pill).toHaveAttribute('data-tone', stockStateTones[state]);
      expect(pill).toHaveAttribute('data-status', state);
    },
  );

  it('gives each stock state its own tone', () => {
    expect(new Set(Object.values(stockStateTones)).size).toBe(3);
  });
});
