import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentPropsWithRef } from 'react';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './Link.stories';
import { Link } from './Link';

describe('Link', () => {
  itRendersEveryStoryAccessibly(stories);

  it('renders an anchor by default and is reachable by keyboard', async () => {
    render(<Link href="/claims">Claims</Link>);
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Claims' })).toHaveFocus();
    expect(screen.getByRole('link')).toHaveAttribute('href', '/claims');
  });

  it('renders through the component given in `as`, passing its props', () => {
    function RouterLink({ to, ...rest }: { to: string } & ComponentPropsWithRef<'a'>) {
      return <a href={`/app${to}`} data-router="" {...rest} />;
    }
    render(
      <Link as={RouterLink} to="/claims" variant="standalone">
        Claims
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Claims' });
    expect(link).toHaveAttribute('href', '/app/claims');
    expect(link).toHaveAttribute('data-router');
    expect(link).toHaveAttribute('data-variant', 'standalone');
  });

  it('opens external links in a new tab and says so', () => {
    render(
      <Link href="https://example.com" external>
        Terms
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Terms (opens in a new tab)' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
