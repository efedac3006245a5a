import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './Select.stories';
import { Select } from './Select';

describe('Select', () => {
  itRendersEveryStoryAccessibly(stories);

  it('is a labelled combobox whose choice reaches onChange', async () => {
    const onChange = jest.fn();
    render(
      <Select
        label="Warehouse"
        placeholder="All warehouses"
        options={[
          { value: 'rtm', label: 'Rotterdam' },
          { value: 'lej', label: 'Leipzig' },
        ]}
        onChange={(event) => onChange(event.target.value)}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Warehouse' });
    expect(select).toHaveValue('');
    await userEvent.selectOptions(select, 'Leipzig');
    expect(onChange).toHaveBeenCalledWith('lej');
  });

  it('keeps the name when the label is hidden, and marks errors', () => {
    render(<Select label="Status" hideLabel options={[]} error="Pick one" />);
    const select = screen.getByRole('combobox', { name: 'Status' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Pick one');
  });
});
