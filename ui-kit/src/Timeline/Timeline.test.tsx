import { render, screen, within } from '@testing-library/react';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './Timeline.stories';
import { Timeline } from './Timeline';

describe('Timeline', () => {
  itRendersEveryStoryAccessibly(stories);

  it('lists events in order with actor, time and body', () => {
    render(
      <Timeline
        aria-label="Claim history"
        items={[
          { id: 'a', title: 'Submitted', actor: 'Ana', timestamp: '1 March' },
          {
            id: 'b',
            title: 'Comment',
            timestamp: '2 March',
            body: 'Photos attached',
            variant: 'comment',
          },
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Claim history' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Submittedby Ana1 March');
    expect(items[1]).toHaveTextContent('Photos attached');
  });
});
