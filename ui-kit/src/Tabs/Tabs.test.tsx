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

  it('reads a tab’s count as part of its name', () => {
    render(
      <Tabs defaultValue="draft">
        <TabList aria-label="Claim status">
          <Tab value="all">All</Tab>
          <Tab value="draft" count="12">
            Draft
          </Tab>
        </TabList>
        <TabPanel value="all">Every claim</TabPanel>
        <TabPanel value="draft">Drafts</TabPanel>
      </Tabs>,
    );
    expect(screen.getByRole('tab', { name: 'Draft 12' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'All' })).toBeInTheDocument();
  });
});
