import { composeStories } from '@storybook/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import * as stories from './AppShell.stories';
import { RouterLinkProvider, type RouterLinkProps } from '../RouterLinkProvider';
import { AppShell } from './AppShell';

const composed = Object.entries(composeStories(stories));

const navigation = [
  { label: 'Overview', href: '/acme/overview', current: true },
  { label: 'Claims', href: '/acme/claims' },
];

function renderShell(props: Partial<Parameters<typeof AppShell>[0]> = {}) {
  return render(
    <AppShell
      brand="Portal"
      navigation={navigation}
      headerEnd={<button type="button">Ana</button>}
      {...props}
    >
      <h1>Overview</h1>
    </AppShell>,
  );
}

describe('AppShell', () => {
  it.each(composed)('story %s has no axe violations', async (_name, Story) => {
    const { container } = render(<Story />);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('renders banner, labelled navigation with the current page, and main landmarks', () => {
    renderShell();
    expect(screen.getByRole('banner')).toHaveTextContent('Portal');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Overview', 'Claims']);
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Claims' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(
      within(screen.getByRole('banner')).getByRole('button', { name: 'Ana' }),
    ).toBeInTheDocument();
  });

  it('offers a skip link first that moves focus to the main content', async () => {
    renderShell({ skipLinkLabel: 'Skip to main content' });
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main-content');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('toggles the navigation drawer from the menu button and closes it with Escape', async () => {
    renderShell();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', nav.id);

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(nav).toHaveAttribute('data-open', 'true');
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes the drawer when a link is followed', async () => {
    renderShell();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(toggle);
    const claims = screen.getByRole('link', { name: 'Claims' });
    claims.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(claims);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it("renders navigation through the app's router link", () => {
    const received: RouterLinkProps[] = [];
    function Spy(props: RouterLinkProps) {
      received.push(props);
      return <a {...props} />;
    }
    render(
      <RouterLinkProvider component={Spy}>
        <AppShell brand="Portal" navigation={navigation}>
          <h1>Overview</h1>
        </AppShell>
      </RouterLinkProvider>,
    );
    expect(received.map((props) => props.href)).toEqual(['/acme/overview', '/acme/claims']);
    expect(received[0]?.['aria-current']).toBe('page');
    expect(received[1]?.['aria-current']).toBeUndefined();
    expect(typeof received[0]?.className).toBe('string');
  });

  it('has a 375 px phone story whose top bar parts are found by role and name', () => {
    // Layout is not computed in jsdom: the e2e suite checks at 375 px that these do not overlap.
    expect(stories.Phone375.parameters?.viewport?.options.phone375?.styles.width).toBe('375px');
    const { Phone375 } = composeStories(stories);
    render(<Phone375 />);
    // jsdom also counts the page's Card <header> as a banner; browsers (and Playwright) do not.
    const banner = screen.getAllByRole('banner')[0] as HTMLElement;
    expect(within(banner).getByRole('button', { name: 'Menu' })).toBeInTheDocument();
    expect(within(banner).getByText('Partner Portal')).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: /^Partner:/ })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Account: Ana Lima' })).toBeInTheDocument();
  });
});
