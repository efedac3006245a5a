import { composeStories } from '@storybook/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { createRef, useState } from 'react';
import * as stories from './TextField.stories';
import { TextField } from './TextField';

const composed = Object.entries(composeStories(stories));

describe('TextField', () => {
  it.each(composed)('story %s has no axe violations', async (_name, Story) => {
    const { container } = render(<Story />);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('labels the input and forwards the ref to it', async () => {
    const ref = createRef<HTMLInputElement>();
    render(<TextField label="SKU" ref={ref} />);
    const input = screen.getByRole('textbox', { name: 'SKU' });
    expect(ref.current).toBe(input);
    await userEvent.type(input, 'TENT-2P');
    expect(input).toHaveValue('TENT-2P');
  });

  it('keeps an id given by the caller', () => {
    render(<TextField label="SKU" id="sku" />);
    expect(screen.getByLabelText('SKU')).toHaveAttribute('id', 'sku');
  });

  it('describes the input with its hint and error and marks it invalid', () => {
    render(
      <TextField
        label="Quantity"
        hint="Whole units only"
        error="Enter a quantity of at least 1"
        aria-describedby="external"
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Quantity' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Whole units only/);
    expect(input).toHaveAccessibleDescription(/Enter a quantity of at least 1/);
    expect(input.getAttribute('aria-describedby')?.split(' ')).toHaveLength(3);
  });

  it('is valid and undescribed without hint or error', () => {
    render(<TextField label="Name" />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('announces an error that appears after typing', async () => {
    function Validated() {
      const [value, setValue] = useState('');
      return (
        <TextField
          label="Email"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={value.includes('@') ? undefined : 'Enter an email address'}
        />
      );
    }
    render(<Validated />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.type(input, 'ana@acme.test');
    expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.clear(input);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter an email address');
  });

  it('marks required fields natively, keeping the label text exact', () => {
    render(<TextField label="Name" required />);
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeRequired();
    expect(screen.getByLabelText('Name')).toBeRequired();
  });
});
