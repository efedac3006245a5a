import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../Button';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './ConfirmDialog.stories';
import { ConfirmDialog } from './ConfirmDialog';

describe('ConfirmDialog', () => {
  itRendersEveryStoryAccessibly(stories);

  it('is an alertdialog that starts on Cancel', async () => {
    const onConfirm = jest.fn();
    render(
      <ConfirmDialog
        title="Delete?"
        confirmLabel="Delete"
        onConfirm={onConfirm}
        trigger={<Button>Open</Button>}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('alertdialog', { name: 'Delete?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('confirms and closes', async () => {
    const onConfirm = jest.fn();
    render(
      <ConfirmDialog title="Submit?" confirmLabel="Submit" onConfirm={onConfirm} defaultOpen />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('stays open and busy while an async confirmation runs, and after it fails', async () => {
    let reject: (reason: Error) => void = () => undefined;
    const onConfirm = jest.fn(
      () =>
        new Promise<void>((_resolve, rejectPromise) => {
          reject = rejectPromise;
        }),
    );
    render(
      <ConfirmDialog title="Delete?" confirmLabel="Delete" onConfirm={onConfirm} defaultOpen />,
    );
    const confirm = screen.getByRole('button', { name: 'Delete' });
    await userEvent.click(confirm);
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await act(async () => reject(new Error('network')));
    expect(confirm).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('closes once an async confirmation resolves', async () => {
    const onOpenChange = jest.fn();
    render(
      <ConfirmDialog
        title="Approve?"
        confirmLabel="Approve"
        onConfirm={() => Promise.resolve()}
        onOpenChange={onOpenChange}
        defaultOpen
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
