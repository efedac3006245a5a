import type { Meta, StoryObj } from '@storybook/react-vite';
import { Inline } from '../Stack';
import { Divider } from './Divider';

const meta = { title: 'Layout/Divider', component: Divider } satisfies Meta<typeof Divider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Horizontal: Story = {
  render: (args) => (
    <div>
      <p>Quantities</p>
      <Divider {...args} />
      <p>Movements</p>
    </div>
  ),
};

export const Vertical: Story = {
  render: () => (
    <Inline gap={0} wrap={false}>
      <span>12 on hand</span>
      <Divider orientation="vertical" />
      <span>3 reserved</span>
      <Divider orientation="vertical" decorative />
      <span>9 available</span>
    </Inline>
  ),
};

export const DarkTheme: Story = { ...Horizontal, parameters: { theme: 'dark' } };
