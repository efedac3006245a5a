import { fireEvent, render, screen } from '@testing-library/react';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './DatePicker.stories';
import { DatePicker } from './DatePicker';

describe('DatePicker', () => {
  itRendersEveryStoryAccessibly(stories);

  it('is a labelled date input reporting ISO days', () => {
    const onValueChange = jest.fn();
    render(
      <DatePicker
        label="Loss date"
        min="2026-01-01"
        max="2026-03-20"
        error="Too old"
        onValueChange={onValueChange}
      />,
    );
    const input = screen.getByLabelText('Loss date', { selector: 'input' });
    expect(input).toHaveAttribute('type', 'date');
    expect(input).toHaveAttribute('max', '2026-03-20');
    expect(input).toHaveAccessibleDescription('Too old');
    fireEvent.change(input, { target: { value: '2026-03-03' } });
    expect(onValueChange).toHaveBeenCalledWith('2026-03-03');
  });
});
