import type { Meta, StoryObj } from '@storybook/react-vite';
import { Tab, TabList, TabPanel, Tabs } from './Tabs';
import { StoryFrame } from '../test-utils/StoryFrame';

const meta = {
  title: 'Navigation/Tabs',
  component: Tabs,
  args: {
    defaultValue: 'chart',
    children: (
      <>
        <TabList aria-label="Claims filed by type">
          <Tab value="chart">Chart</Tab>
          <Tab value="table">Table</Tab>
          <Tab value="export" disabled>
            Export
          </Tab>
        </TabList>
        <TabPanel value="chart">A chart of claims filed per week.</TabPanel>
        <TabPanel value="table">The same data as a table.</TabPanel>
        <TabPanel value="export">Export options.</TabPanel>
      </>
    ),
  },
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const SecondSelected: Story = { args: { defaultValue: 'table' } };

export const LongContent: Story = {
  args: {
    defaultValue: 'a',
    children: (
      <>
        <TabList aria-label="Item details">
          {[
            'Quantities and value',
            'Movement history',
            'Claims about this item',
            'Warehouses',
            'Reorder settings',
          ].map((label, index) => (
            <Tab key={label} value={String.fromCharCode(97 + index)}>
              {label}
            </Tab>
          ))}
        </TabList>
        <TabPanel value="a">On hand 1,204 · reserved 80 · available 1,124.</TabPanel>
      </>
    ),
  },
  decorators: [
    (Story) => (
      <StoryFrame width={24}>
        <Story />
      </StoryFrame>
    ),
  ],
};

export const RightToLeft: Story = { parameters: { direction: 'rtl' } };

export const DarkTheme: Story = { parameters: { theme: 'dark' } };
