import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './Switch.stories';
import { Switch } from './Switch';

describe('Switch', () => {
  itRendersEveryStoryAccessibly(stories);

  it('is a labelled switch toggled by click and keyboard', async () => {
    const onCheckedChange = jest.fn();
    render(<Switch label="Digest" description="Mondays" onCheckedChange={onCheckedChange} />);
    const control = screen.getByRole('switch', { name: 'Digest' });
    expect(control).toHaveAccessibleDescription('Mondays');
    expect(control).not.toBeChecked();
    await userEvent.click(control);
    expect(control).toBeChecked();
    await userEvent.keyboard('{Enter}');
    expect(control).not.toBeChecked();
    expect(onCheckedChange.mock.calls).toEqual([[true], [false]]);
  });
});
