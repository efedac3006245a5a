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
  });
});
