import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './MoneyField.stories';
import { MoneyField } from './MoneyField';

describe('MoneyField', () => {
  itRendersEveryStoryAccessibly(stories);

  it('shows minor units as a formatted amount and reports typed amounts in minor units', async () => {
    const onValueChange = jest.fn();
    render(
      <MoneyField
        label="Amount"
        currency="EUR"
        locale="de-DE"
        defaultValue={12999}
        onValueChange={onValueChange}
      />,
    );
    const input = screen.getByRole('spinbutton', { name: 'Amount' });
    expect(input).toHaveValue('129,99');
    expect(input).toHaveAttribute('aria-valuetext', '€ 129,99');
    await userEvent.clear(input);
    await userEvent.type(input, '1.234,5');
    await userEvent.tab();
    expect(onValueChange).toHaveBeenLastCalledWith(123450);
    expect(input).toHaveValue('1234,50');
  });

  it('refuses negative amounts by default', async () => {
    const onValueChange = jest.fn();
    render(
      <MoneyField label="Amount" currency="USD" locale="en-US" onValueChange={onValueChange} />,
    );
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Amount' }), '-5');
    await userEvent.tab();
    expect(onValueChange).toHaveBeenLastCalledWith(0);
  });
});
