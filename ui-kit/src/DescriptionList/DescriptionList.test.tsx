import { render, screen } from '@testing-library/react';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './DescriptionList.stories';
import { DescriptionList } from './DescriptionList';

describe('DescriptionList', () => {
  itRendersEveryStoryAccessibly(stories);

  it('pairs each term with its description', () => {
    render(
      <DescriptionList
        items={[
          { term: 'Type', description: 'Lost' },
          { term: 'Quantity', description: '12' },
        ]}
      />,
    );
    const terms = screen.getAllByRole('term');
    const definitions = screen.getAllByRole('definition');
    expect(terms.map((t) => t.textContent)).toEqual(['Type', 'Quantity']);
    expect(definitions.map((d) => d.textContent)).toEqual(['Lost', '12']);
  });
});
