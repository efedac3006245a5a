import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './Link.stories';
import { RouterLinkProvider, type RouterLinkProps } from '../RouterLinkProvider';
import { Link } from './Link';

describe('Link', () => {
  itRendersEveryStoryAccessibly(stories);

  it('renders an anchor by default and is reachable by keyboard', async () => {
    render(<Link href="/claims">Claims</Link>);
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Claims' })).toHaveFocus();
    expect(screen.getByRole('link')).toHaveAttribute('href', '/claims');
  });

  it("renders through the app's router link, passing its props", () => {
    function RouterLink({ href, ...rest }: RouterLinkProps) {
      return <a href={`/app${href}`} data-router="" {...rest} />;
    }
    render(
      <RouterLinkProvider component={RouterLink}>
        <Link href="/claims" variant="standalone">
          Claims
        </Link>
      </RouterLinkProvider>,
    );
    const link = screen.getByRole('link', { name: 'Claims' });
    expect(link).toHaveAttribute('href', '/app/claims');
    expect(link).toHaveAttribute('data-router');
    expect(link).toHaveAttribute('data-variant', 'standalone');
  });

  it('renders an external link as a plain anchor, even under a router link', () => {
    function RouterLink(props: RouterLinkProps) {
      return <a data-router="" {...props} />;
    }
    render(
      <RouterLinkProvider component={RouterLink}>
        <Link href="https://example.com" external>
          Terms
        </Link>
      </RouterLinkProvider>,
    );
    expect(screen.getByRole('link', { name: /Terms/ })).not.toHaveAttribute('data-router');
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

  it('downloads a file through a plain anchor, even under a router link', () => {
    function RouterLink(props: RouterLinkProps) {
      return <a data-router="" {...props} />;
    }
    render(
      <RouterLinkProvider component={RouterLink}>
        <Link href="/api/files/7" download="photo.jpg">
          photo.jpg
        </Link>
        <Link href="/api/report.csv" download>
          Report
        </Link>
      </RouterLinkProvider>,
    );
    const file = screen.getByRole('link', { name: 'photo.jpg' });
    expect(file).not.toHaveAttribute('data-router');
    expect(file).toHaveAttribute('download', 'photo.jpg');
    expect(screen.getByRole('link', { name: 'Report' })).toHaveAttribute('download', '');
  });
});
