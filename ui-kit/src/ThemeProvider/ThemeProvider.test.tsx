import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './ThemeProvider.stories';
import { ThemeProvider, useTheme } from './ThemeProvider';

function Probe() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <>
      <p>
        {theme}/{resolvedTheme}
      </p>
      <button type="button" onClick={() => setTheme('dark')}>
        Dark
      </button>
    </>
  );
}

describe('ThemeProvider', () => {
  afterEach(() => {
    window.localStorage.clear();
    delete document.documentElement.dataset['theme'];
  });

  itRendersEveryStoryAccessibly(stories);

  it('applies the theme to the document and remembers the choice', async () => {
    const { unmount } = render(
      <ThemeProvider defaultTheme="system" storageKey="test-theme">
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByText('system/light')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('data-theme', 'system');
    await userEvent.click(screen.getByRole('button', { name: 'Dark' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(window.localStorage.getItem('test-theme')).toBe('dark');
    unmount();
    render(
      <ThemeProvider storageKey="test-theme">
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByText('dark/dark')).toBeInTheDocument();
  });

  it('follows a controlled theme', () => {
    render(
      <ThemeProvider theme="light" storageKey={null}>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByText('light/light')).toBeInTheDocument();
  });

  it('requires a provider', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow(/ThemeProvider/);
    spy.mockRestore();
  });
});
