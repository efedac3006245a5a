import { composeStories } from '@storybook/react';
import { render, screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import * as stories from './Spinner.stories';
import { Spinner } from './Spinner';

const composed = Object.entries(composeStories(stories));

describe('Spinner', () => {
  it.each(composed)('story %s has no axe violations', async (_name, Story) => {
    const { container } = render(<Story />);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('announces its label as a status', () => {
    render(<Spinner label="Loading inventory" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading inventory');
  });

  it('defaults the label to "Loading"', () => {
    render(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });
});
