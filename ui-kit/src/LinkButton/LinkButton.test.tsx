import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import { RouterLinkProvider, type RouterLinkProps } from '../RouterLinkProvider';
import * as stories from './LinkButton.stories';
import { LinkButton } from './LinkButton';

function RouterLink({ href, ...rest }: RouterLinkProps) {
  return <a href={`/app${href}`} data-router="" {...rest} />;
}

describe('LinkButton', () => {
  itRendersEveryStoryAccessibly(stories);

  it('is a link, styled as a button, reachable by keyboard', async () => {
    render(
      <LinkButton href="/claims/new" variant="secondary" size="sm">
        New claim
      </LinkButton>,
    );
    await userEvent.tab();
    const link = screen.getByRole('link', { name: 'New claim' });
    expect(link).toHaveFocus();
    expect(link).toHaveAttribute('href', '/claims/new');
    expect(link).toHaveAttribute('data-variant', 'secondary');
    expect(link).toHaveAttribute('data-size', 'sm');
  });

  it("navigates through the app's router link", () => {
    render(
      <RouterLinkProvider component={RouterLink}>
        <LinkButton href="/claims/new">New claim</LinkButton>
      </RouterLinkProvider>,
    );
    const link = screen.getByRole('link', { name: 'New claim' });
    expect(link).toHaveAttribute('href', '/app/claims/new');
    expect(link).toHaveAttribute('data-router');
  });

  it('is a plain anchor with download for a file, even under a router link', () => {
    render(
      <RouterLinkProvider component={RouterLink}>
        <LinkButton href="/api/export.csv?stock=low" download>
          Export CSV
        </LinkButton>
        <LinkButton href="/api/report.csv" download="report.csv">
          Report
        </LinkButton>
      </RouterLinkProvider>,
    );
    const exportLink = screen.getByRole('link', { name: 'Export CSV' });
    expect(exportLink).toHaveAttribute('href', '/api/export.csv?stock=low');
    expect(exportLink).toHaveAttribute('download', '');
    expect(exportLink).not.toHaveAttribute('data-router');
    expect(screen.getByRole('link', { name: 'Report' })).toHaveAttribute('download', 'report.csv');
  });
});
