import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './Combobox.stories';
import { Combobox, type ComboboxOption, type ComboboxProps } from './Combobox';

const items: ComboboxOption[] = [
  { value: 'tent', label: 'TENT-2P' },
  { value: 'lamp', label: 'LAMP-USB' },
  { value: 'mat', label: 'MAT-XL' },
];

function Controlled(
  props: Partial<ComboboxProps> & { onPick?: (option: ComboboxOption | null) => void },
) {
  const { onPick, ...rest } = props;
  const [value, setValue] = useState<ComboboxOption | null>(null);
  return (
    <Combobox
      label="Item"
      value={value}
      onChange={(option) => {
        setValue(option);
        onPick?.(option);
      }}
      {...rest}
    />
  );
}

describe('Combobox', () => {
  itRendersEveryStoryAccessibly(stories);

  it('filters static options as one types and chooses with arrows and Enter', async () => {
    const onPick = jest.fn();
    render(<Controlled options={items} onPick={onPick} />);
    const input = screen.getByRole('combobox', { name: 'Item' });
    await userEvent.type(input, 'a');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['LAMP-USB', 'MAT-XL']);
    await userEvent.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'MAT-XL' }).id,
    );
    await userEvent.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith(items[2]);
    expect(input).toHaveValue('MAT-XL');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes with Escape, then clears with a second Escape', async () => {
    const onPick = jest.fn();
    render(<Controlled options={items} onPick={onPick} />);
    const input = screen.getByRole('combobox', { name: 'Item' });
    await userEvent.type(input, 'TENT');
    await userEvent.keyboard('{Enter}');
    expect(input).toHaveValue('TENT-2P');
    await userEvent.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveValue('');
    expect(onPick).toHaveBeenLastCalledWith(null);
  });

  it('loads options from the server after a pause, aborting superseded requests', async () => {
    jest.useFakeTimers();
    try {
      const signals: AbortSignal[] = [];
      const loadOptions = jest.fn((query: string, signal: AbortSignal) => {
        signals.push(signal);
        return Promise.resolve(items.filter((item) => item.label.startsWith(query.toUpperCase())));
      });
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      render(<Controlled loadOptions={loadOptions} debounceMs={200} />);
      const input = screen.getByRole('combobox', { name: 'Item' });
      await user.type(input, 'la');
      expect(loadOptions).not.toHaveBeenCalled();
      expect(screen.getByRole('status')).toHaveTextContent('Loading…');
      await act(async () => {
        jest.advanceTimersByTime(200);
      });
      expect(loadOptions).toHaveBeenCalledTimes(1);
      expect(loadOptions).toHaveBeenCalledWith('la', expect.any(AbortSignal));
      expect(screen.getByRole('option', { name: 'LAMP-USB' })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('1 result available');
      await user.type(input, 'x');
      expect(signals[0]?.aborted).toBe(true);
      await act(async () => {
        jest.advanceTimersByTime(200);
      });
      expect(screen.getByRole('status')).toHaveTextContent('No results');
    } finally {
      jest.useRealTimers();
    }
  });

  it('chooses with the mouse and restores the selection label on blur', async () => {
    render(<Controlled options={items} />);
    const input = screen.getByRole('combobox', { name: 'Item' });
    await userEvent.type(input, 'lamp');
    await userEvent.click(screen.getByRole('option', { name: 'LAMP-USB' }));
    expect(input).toHaveValue('LAMP-USB');
    await userEvent.type(input, 'zzz');
    await userEvent.tab();
    expect(input).toHaveValue('LAMP-USB');
  });
});
