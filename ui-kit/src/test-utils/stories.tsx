import { composeStories } from '@storybook/react';
import { act, render } from '@testing-library/react';
import { configureAxe } from 'jest-axe';
import type { ComponentType } from 'react';

// A story is a component in isolation, not a page: page-level landmark rules do not apply.
const axe = configureAxe({ rules: { region: { enabled: false } } });

type StoriesModule = Parameters<typeof composeStories>[0];

/**
 * Renders every story of a CSF module (the stories are the fixtures) and runs axe on the whole
 * document, so content in portals (dialogs, menus, toasts) is checked too.
 */
export function itRendersEveryStoryAccessibly<T extends StoriesModule>(stories: T) {
  const composed = Object.entries(composeStories(stories)) as Array<[string, ComponentType]>;
  it.each(composed)('story %s renders with no axe violations', async (_name, Story) => {
    const { baseElement } = render(<Story />);
    // Let floating content (menus, tooltips) finish positioning before inspecting the page,
    // and announcers scheduled for the next frame (toasts) settle.
    for (let frame = 0; frame < 2; frame += 1) {
      await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    }
    expect(await axe(baseElement)).toHaveNoViolations();
  });
}
