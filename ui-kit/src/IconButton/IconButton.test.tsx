import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CloseIcon } from '../internal/icons';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './IconButton.stories';
import { IconButton } from './IconButton';

describe('IconButton', () => {
  itRendersEveryStoryAccessibly(stories);

  it('is named by its label and activates', async () => {
    const onClick = jest.fn();
    render(<IconButton label="Remove file" icon={<CloseIcon />} onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Remove file' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('shows its label as a tooltip on focus when asked', async () => {
    render(<IconButton label="Remove file" icon={<CloseIcon />} showTooltip />);
    await userEvent.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Remove file');
  });
});
