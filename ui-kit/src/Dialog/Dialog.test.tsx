import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../Button';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './Dialog.stories';
import { Dialog, DialogClose } from './Dialog';

function renderDialog() {
  return render(
    <>
      <Dialog
        title="Withdraw claim"
        description="You can file it again later."
        trigger={<Button>Open</Button>}
        footer={
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
        }
      >
        <input aria-label="Reason" />
      </Dialog>
      <button type="button">Outside</button>
    </>,
  );
}

describe('Dialog', () => {
  itRendersEveryStoryAccessibly(stories);

  it('opens from its trigger as a named, described modal dialog', async () => {
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw claim' });
    expect(dialog).toHaveAccessibleDescription('You can file it again later.');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('traps focus, closes with Escape and returns focus to the trigger', async () => {
    renderDialog();
    const trigger = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(trigger);
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 5; i += 1) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('locks page scrolling without injecting a <style> element (strict CSP)', async () => {
    renderDialog();
    const styleElements = document.querySelectorAll('style').length;
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(document.querySelectorAll('style')).toHaveLength(styleElements);
    await userEvent.keyboard('{Escape}');
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('closes on a click outside the dialog', async () => {
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const backdrop = document.querySelector(
      '[aria-hidden="true"][class*="overlay"]',
    ) as HTMLElement;
    await userEvent.click(backdrop);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes from the close button and from a DialogClose in the footer', async () => {
    const onOpenChange = jest.fn();
    render(
      <Dialog
        title="Edit"
        defaultOpen
        onOpenChange={onOpenChange}
        footer={
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
        }
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is controllable and names its close button', async () => {
    const onOpenChange = jest.fn();
    render(<Dialog title="Edit" open onOpenChange={onOpenChange} closeLabel="Close editor" />);
    await userEvent.click(screen.getByRole('button', { name: 'Close editor' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.getByRole('dialog', { name: 'Edit' })).toBeInTheDocument();
  });
});
