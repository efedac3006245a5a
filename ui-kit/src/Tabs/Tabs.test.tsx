import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './Tabs.stories';
import { Tab, TabList, TabPanel, Tabs } from './Tabs';

describe('Tabs', () => {
  itRendersEveryStoryAccessibly(stories);

  it('selects tabs with arrow keys and shows the matching panel', async () => {
    const onValueChange = jest.fn();
    render(
      <Tabs defaultValue="chart" onValueChange={onValueChange}>
        <TabList aria-label="View">
          <Tab value="chart">Chart</Tab>
          <Tab value="table">Table</Tab>
        </TabList>
        <TabPanel value="chart">Chart view</TabPanel>
        <TabPanel value="table">Table view</TabPanel>
      </Tabs>,
    );
    expect(screen.getByRole('tablist', { name: 'View' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Chart' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Chart' })).toHaveTextContent('Chart view');
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Chart' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Table' })).toHaveAttribute('aria-selected', 'true');
    expect(onValueChange).toHaveBeenCalledWith('table');
    expect(screen.getByRole('tabpanel', { name: 'Table' })).toHaveTextContent('Table view');
  });
});
