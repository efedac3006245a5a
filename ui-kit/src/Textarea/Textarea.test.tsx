import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './Textarea.stories';
import { Textarea } from './Textarea';

describe('Textarea', () => {
  itRendersEveryStoryAccessibly(stories);

  it('is labelled, described and counts characters as one types', async () => {
    render(<Textarea label="Comment" hint="Visible to reviewers" maxLength={20} showCount />);
    const textarea = screen.getByRole('textbox', { name: 'Comment' });
    await userEvent.type(textarea, 'Photos attached');
    expect(screen.getByText('15 / 20')).toBeInTheDocument();
    expect(textarea).toHaveAccessibleDescription('Visible to reviewers 15 / 20');
  });

  it('marks errors', () => {
    render(<Textarea label="Comment" error="Too short" />);
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveAccessibleDescription(
      'Too short',
    );
  });
});
