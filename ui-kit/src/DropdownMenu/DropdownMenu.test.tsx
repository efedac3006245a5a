import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../Button';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './DropdownMenu.stories';
import {
  DropdownMenu,
  DropdownMenuItem,
  DropdownMenuLinkItem,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
} from './DropdownMenu';

function renderMenu(onEdit = jest.fn(), onDelete = jest.fn()) {
  render(
    <DropdownMenu trigger={<Button>Actions</Button>}>
      <DropdownMenuItem onSelect={onEdit}>Edit</DropdownMenuItem>
      <DropdownMenuItem disabled>Submit</DropdownMenuItem>
      <DropdownMenuItem tone="danger" onSelect={onDelete}>
        Delete
      </DropdownMenuItem>
      <DropdownMenuLinkItem href="/help">Help</DropdownMenuLinkItem>
    </DropdownMenu>,
  );
  return { onEdit, onDelete };
}

describe('DropdownMenu', () => {
  itRendersEveryStoryAccessibly(stories);

  it('opens from the keyboard, moves with arrows (skipping disabled items) and selects with Enter', async () => {
    const { onDelete } = renderMenu();
    const trigger = screen.getByRole('button', { name: 'Actions' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('closes on Escape and returns focus to the trigger', async () => {
    const { onEdit } = renderMenu();
    const trigger = screen.getByRole('button', { name: 'Actions' });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(onEdit).not.toHaveBeenCalled();
  });

  it('renders link items as links', async () => {
    const styleElements = document.querySelectorAll('style').length;
    renderMenu();
    screen.getByRole('button', { name: 'Actions' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Help' })).toHaveAttribute('href', '/help');
    // Not modal by default: no scroll-lock <style> element for a strict CSP to refuse.
    expect(document.querySelectorAll('style')).toHaveLength(styleElements);
  });

  it('checks the radio item matching the value', async () => {
    const onValueChange = jest.fn();
    render(
      <DropdownMenu trigger={<Button>Granularity</Button>} defaultOpen>
        <DropdownMenuRadioGroup value="week" onValueChange={onValueChange}>
          <DropdownMenuRadioItem value="day">Day</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="week">Week</DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
      </DropdownMenu>,
    );
    expect(screen.getByRole('menuitemradio', { name: 'Week' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Day' }));
    expect(onValueChange).toHaveBeenCalledWith('day');
  });
});
