import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './NumberField.stories';
import { NumberField } from './NumberField';

describe('NumberField', () => {
  itRendersEveryStoryAccessibly(stories);

  it('is a spinbutton stepped with the arrow keys and clamped to its range', async () => {
    const onValueChange = jest.fn();
    render(
      <NumberField
        label="Quantity"
        defaultValue={9}
        min={0}
        max={10}
        onValueChange={onValueChange}
      />,
    );
    const input = screen.getByRole('spinbutton', { name: 'Quantity' });
    expect(input).toHaveAttribute('aria-valuenow', '9');
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowUp}');
    expect(input).toHaveValue('10');
    await userEvent.keyboard('{ArrowUp}');
    expect(input).toHaveValue('10');
    await userEvent.keyboard('{Home}');
    expect(input).toHaveValue('0');
    expect(onValueChange.mock.calls).toEqual([[10], [0]]);
  });

  it('keeps a hidden label as its accessible name', () => {
    render(<NumberField label="Reorder point" hideLabel defaultValue={40} />);
    const label = screen.getByText('Reorder point');
    expect(screen.getByRole('spinbutton', { name: 'Reorder point' })).toHaveValue('40');
    expect(label.tagName).toBe('LABEL');
  });

  it('parses typed numbers in the locale on blur and clamps them', async () => {
    const onValueChange = jest.fn();
    render(<NumberField label="Weight" locale="de-DE" max={100} onValueChange={onValueChange} />);
    const input = screen.getByRole('spinbutton', { name: 'Weight' });
    await userEvent.type(input, '2,5');
    await userEvent.tab();
    expect(onValueChange).toHaveBeenLastCalledWith(2.5);
    expect(input).toHaveValue('2,5');
    await userEvent.clear(input);
    await userEvent.type(input, '1.000');
    await userEvent.tab();
    expect(onValueChange).toHaveBeenLastCalledWith(100);
    await userEvent.clear(input);
    await userEvent.tab();
    expect(onValueChange).toHaveBeenLastCalledWith(null);
  });

  it('steps with the stepper buttons, which are skipped by Tab', async () => {
    render(<NumberField label="Reorder point" defaultValue={300} step={10} showSteppers />);
    await userEvent.click(screen.getByRole('button', { name: 'Increase' }));
    expect(screen.getByRole('spinbutton', { name: 'Reorder point' })).toHaveValue('310');
    expect(screen.getByRole('button', { name: 'Decrease' })).toHaveAttribute('tabindex', '-1');
  });
});
