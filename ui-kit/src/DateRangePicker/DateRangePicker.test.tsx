import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './DateRangePicker.stories';
import { DateRangePicker } from './DateRangePicker';
import { addDays, defaultDatePresets, rangeLength } from './presets';

const today = '2026-03-20';

describe('DateRangePicker', () => {
  itRendersEveryStoryAccessibly(stories);

  it('computes presets from today without time-zone drift', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    const [week, month] = defaultDatePresets(today);
    expect(week?.range).toEqual({ start: '2026-03-14', end: today });
    expect(rangeLength(month?.range ?? { start: today, end: today })).toBe(30);
  });

  it('applies presets from the select', async () => {
    const onChange = jest.fn();
    render(
      <DateRangePicker
        label="Period"
        value={{ start: '2026-03-14', end: today }}
        onChange={onChange}
        presets={defaultDatePresets(today)}
      />,
    );
    expect(screen.getByRole('group', { name: 'Period' })).toBeInTheDocument();
    const preset = screen.getByRole('combobox', { name: 'Preset' });
    expect(preset).toHaveValue('last-7-days');
    await userEvent.selectOptions(preset, 'Last 30 days');
    expect(onChange).toHaveBeenCalledWith({ start: '2026-02-19', end: today });
    expect(screen.getByLabelText('From', { selector: 'input' })).toHaveValue('2026-02-19');
  });

  it('refuses reversed and too long ranges with a message', () => {
    const onChange = jest.fn();
    render(
      <DateRangePicker
        label="Period"
        value={{ start: '2026-03-01', end: today }}
        onChange={onChange}
        maxDays={30}
      />,
    );
    const from = screen.getByLabelText('From', { selector: 'input' });
    fireEvent.change(from, { target: { value: '2026-03-25' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('group', { name: 'Period' })).toHaveAccessibleDescription(
      'The end date is before the start date.',
    );
    fireEvent.change(from, { target: { value: '2026-01-01' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('Choose a range of at most 30 days.')).toBeInTheDocument();
    fireEvent.change(from, { target: { value: '2026-03-10' } });
    expect(onChange).toHaveBeenCalledWith({ start: '2026-03-10', end: today });
  });

  it('as an open filter, applies one end alone and clears with "Any time"', async () => {
    const onChange = jest.fn();
    const { rerender } = render(
      <DateRangePicker
        label="Filed"
        openEnded
        value={{ start: '', end: '' }}
        onChange={onChange}
        presets={defaultDatePresets(today)}
      />,
    );
    const preset = screen.getByRole('combobox', { name: 'Preset' });
    expect(preset).toHaveValue('any');
    const from = screen.getByLabelText('From', { selector: 'input' });
    expect(from).not.toBeRequired();
    fireEvent.change(from, { target: { value: '2026-03-10' } });
    expect(onChange).toHaveBeenLastCalledWith({ start: '2026-03-10', end: '' });
    rerender(
      <DateRangePicker
        label="Filed"
        openEnded
        value={{ start: '2026-03-10', end: '' }}
        onChange={onChange}
        presets={defaultDatePresets(today)}
      />,
    );
    expect(preset).toHaveValue('custom');
    await userEvent.selectOptions(preset, 'Any time');
    expect(onChange).toHaveBeenLastCalledWith({ start: '', end: '' });
  });
});
