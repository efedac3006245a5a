import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './Checkbox.stories';
import { Checkbox } from './Checkbox';

describe('Checkbox', () => {
  itRendersEveryStoryAccessibly(stories);

  it('toggles by click on the label and by Space', async () => {
    const onCheckedChange = jest.fn();
    render(<Checkbox label="Notify me" onCheckedChange={onCheckedChange} />);
    const box = screen.getByRole('checkbox', { name: 'Notify me' });
    expect(box).not.toBeChecked();
    await userEvent.click(screen.getByText('Notify me'));
    expect(box).toBeChecked();
    await userEvent.keyboard(' ');
    expect(box).not.toBeChecked();
    expect(onCheckedChange.mock.calls).toEqual([[true], [false]]);
  });

  it('reports the mixed state', () => {
    render(<Checkbox label="All" checked="indeterminate" />);
    expect(screen.getByRole('checkbox', { name: 'All' })).toHaveAttribute('aria-checked', 'mixed');
  });

  it('wires description and error', () => {
    render(<Checkbox label="Terms" description="Version 3" error="Required" />);
    const box = screen.getByRole('checkbox', { name: 'Terms' });
    expect(box).toHaveAccessibleDescription('Version 3 Required');
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });
});
