import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../Button';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './Drawer.stories';
import { Drawer } from './Drawer';

describe('Drawer', () => {
  itRendersEveryStoryAccessibly(stories);

  it('opens as a modal dialog on the requested side and returns focus on Escape', async () => {
    render(
      <Drawer title="New claim" side="start" trigger={<Button>New claim</Button>}>
        <input aria-label="SKU" />
      </Drawer>,
    );
    const trigger = screen.getByRole('button', { name: 'New claim' });
    await userEvent.click(trigger);
    const drawer = screen.getByRole('dialog', { name: 'New claim' });
    expect(drawer).toHaveAttribute('data-side', 'start');
    expect(drawer).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});
