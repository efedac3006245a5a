import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../Button';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './Toast.stories';
import { ToastProvider, useToast } from './Toast';

function Trigger() {
  const { toast } = useToast();
  return (
    <Button
      onClick={() =>
        toast({
          title: 'Claim submitted',
          action: { label: 'View', altText: 'Open the claim', onClick: onView },
        })
      }
    >
      Submit
    </Button>
  );
}
const onView = jest.fn();

describe('Toast', () => {
  itRendersEveryStoryAccessibly(stories);

  it('shows a toast from useToast and dismisses it', async () => {
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Claim submitted')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View' }));
    expect(onView).toHaveBeenCalled();
  });

  it('announces a toast with its own label and names the region with the real shortcut', async () => {
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const announcement = await screen.findByText(/^Notification\b/, {
      selector: '[aria-live] *, [aria-live]',
    });
    expect(announcement.textContent).toContain('Claim submitted');
    expect(document.body.innerHTML).not.toContain('{hotkey}');
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeInTheDocument();
  });

  it('hides after its duration', async () => {
    jest.useFakeTimers();
    try {
      render(
        <ToastProvider duration={1000}>
          <Trigger />
        </ToastProvider>,
      );
      act(() => screen.getByRole('button', { name: 'Submit' }).click());
      expect(screen.getByText('Claim submitted')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1500));
      expect(screen.queryByText('Claim submitted')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('requires a provider', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Trigger />)).toThrow(/ToastProvider/);
    spy.mockRestore();
  });
});
