import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
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

  it('returns focus on Escape to the button that opened it, without a trigger (opened by state)', async () => {
    function Screen() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onClick={() => setOpen(true)}>New claim</Button>
          {/* As the portal's claims screen does: the drawer is there only while open. */}
          {open ? (
            <Drawer title="New claim" open onOpenChange={setOpen}>
              <input aria-label="SKU" />
            </Drawer>
          ) : null}
        </>
      );
    }
    render(<Screen />);
    const opener = screen.getByRole('button', { name: 'New claim' });
    await userEvent.click(opener);
    expect(screen.getByRole('dialog', { name: 'New claim' })).toContainElement(
      document.activeElement as HTMLElement,
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
