import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './PartnerSwitcher.stories';
import { PartnerSwitcher } from './PartnerSwitcher';

const partners = [
  { slug: 'acme', name: 'Acme Outdoor', role: 'Manager' },
  { slug: 'nordic', name: 'Nordic Gear', role: 'Viewer' },
];

describe('PartnerSwitcher', () => {
  itRendersEveryStoryAccessibly(stories);

  it('names the current partner and switches by keyboard', async () => {
    const onSelect = jest.fn();
    render(<PartnerSwitcher partners={partners} currentSlug="acme" onSelect={onSelect} />);
    const trigger = screen.getByRole('button', { name: 'Partner: Acme Outdoor' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menuitemradio', { name: /Acme Outdoor/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledWith('nordic');
  });

  it('offers links in link mode', async () => {
    render(
      <PartnerSwitcher
        partners={partners}
        currentSlug="acme"
        getHref={(slug) => `/${slug}/overview`}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Partner: Acme Outdoor' }));
    expect(screen.getByRole('menuitem', { name: 'Nordic Gear' })).toHaveAttribute(
      'href',
      '/nordic/overview',
    );
    expect(screen.getByRole('menuitem', { name: 'Acme Outdoor (current)' })).toBeInTheDocument();
  });

  it('is plain text with a single partner', () => {
    render(<PartnerSwitcher partners={partners.slice(0, 1)} currentSlug="acme" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Acme Outdoor')).toBeInTheDocument();
  });
});
