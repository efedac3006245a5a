import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../Button';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './Tooltip.stories';
import { Tooltip } from './Tooltip';

describe('Tooltip', () => {
  itRendersEveryStoryAccessibly(stories);

  it('appears on keyboard focus, describes its trigger and closes with Escape', async () => {
    render(
      <Tooltip content="On hand minus reserved">
        <Button variant="secondary">Available</Button>
      </Tooltip>,
    );
    await userEvent.tab();
    const trigger = screen.getByRole('button', { name: 'Available' });
    expect(trigger).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('On hand minus reserved');
    expect(trigger).toHaveAccessibleDescription('On hand minus reserved');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
