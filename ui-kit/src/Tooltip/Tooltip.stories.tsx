import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button';
import { Tooltip } from './Tooltip';
import { StoryFrame } from '../test-utils/StoryFrame';

const meta = {
  title: 'Overlays/Tooltip',
  component: Tooltip,
  args: {
    content: 'Available = on hand − reserved',
    children: <Button variant="secondary">Available</Button>,
  },
  decorators: [
    (Story) => (
      <StoryFrame room>
        <Story />
      </StoryFrame>
    ),
  ],
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Open: Story = { args: { defaultOpen: true } };

export const Sides: Story = { args: { defaultOpen: true, side: 'right' } };

export const LongContent: Story = {
  args: {
    defaultOpen: true,
    content:
      'Units received into the warehouse but not yet put away; they become available once the receiving team has counted and shelved them.',
  },
};

export const DarkTheme: Story = { args: { defaultOpen: true }, parameters: { theme: 'dark' } };
