import { render, screen } from '@testing-library/react';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './FormField.stories';
import { FormField } from './FormField';

describe('FormField', () => {
  itRendersEveryStoryAccessibly(stories);

  it('wires label, hint, error and required into the rendered control', () => {
    render(
      <FormField label="Reference" hint="From the delivery note" error="Required" required>
        {(props) => <input {...props} />}
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Reference' });
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('From the delivery note Required');
    expect(input).toHaveAttribute(
      'aria-errormessage',
      screen.getByText('Required').parentElement?.id,
    );
  });

  it('names a group through aria-labelledby and keeps outside descriptions first', () => {
    render(
      <>
        <p id="outside">Applies to every warehouse</p>
        <FormField label="Period" labelling="group" describedBy="outside" hint="At most 2 years">
          {(props) => <div role="group" {...props} />}
        </FormField>
      </>,
    );
    const group = screen.getByRole('group', { name: 'Period' });
    expect(group).toHaveAccessibleDescription('Applies to every warehouse At most 2 years');
    expect(group).not.toHaveAttribute('aria-invalid');
    expect(group).not.toHaveAttribute('aria-errormessage');
  });

  it('keeps a hidden label as the name in the inline layout', () => {
    render(
      <FormField label="Select row" hideLabel layout="inline" hint="Order 1042">
        {(props) => <input type="checkbox" {...props} />}
      </FormField>,
    );
    expect(screen.getByRole('checkbox', { name: 'Select row' })).toHaveAccessibleDescription(
      'Order 1042',
    );
  });
});
