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
