import type { Meta, StoryObj } from '@storybook/react-vite';
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
    <div style={{ display: 'flex', alignItems: 'center' }}>
      <span>12 on hand</span>
      <Divider orientation="vertical" />
      <span>3 reserved</span>
      <Divider orientation="vertical" decorative />
      <span>9 available</span>
    </div>
  ),
};

export const DarkTheme: Story = { ...Horizontal, parameters: { theme: 'dark' } };
