import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './RadioGroup.stories';
import { RadioGroup } from './RadioGroup';

const options = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

describe('RadioGroup', () => {
  itRendersEveryStoryAccessibly(stories);

  it('is a named group; arrow keys move the selection', async () => {
    const onValueChange = jest.fn();
    render(
      <RadioGroup
        label="Granularity"
        options={options}
        defaultValue="week"
        onValueChange={onValueChange}
      />,
    );
    expect(screen.getByRole('radiogroup', { name: 'Granularity' })).toBeInTheDocument();
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: 'Week' })).toHaveFocus();
    // Radix moves focus on the next tick and selects the radio focused while an arrow is held.
    await userEvent.keyboard('{ArrowDown>}');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Month' })).toBeChecked());
    await userEvent.keyboard('{/ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Month' })).toHaveFocus();
    expect(onValueChange).toHaveBeenCalledWith('month');
  });

  it('selects by clicking a label and reports errors', async () => {
    render(<RadioGroup label="Granularity" options={options} error="Choose one" />);
    expect(screen.getByRole('radiogroup', { name: 'Granularity' })).toHaveAccessibleDescription(
      'Choose one',
    );
    await userEvent.click(screen.getByText('Day'));
    expect(screen.getByRole('radio', { name: 'Day' })).toBeChecked();
  });
});
