import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge, type BadgeTone } from './Badge';

const tones: BadgeTone[] = ['neutral', 'accent', 'success', 'warning', 'danger', 'purple', 'teal'];

const meta = {
  title: 'Data display/Badge',
  component: Badge,
  args: { children: 'Low stock', tone: 'warning' },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Tones: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
      {tones.map((tone) => (
        <Badge {...args} key={tone} tone={tone}>
          {tone}
        </Badge>
      ))}
    </div>
  ),
};

export const Solid: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
      {tones.map((tone) => (
        <Badge {...args} key={tone} tone={tone} variant="solid">
          {tone}
        </Badge>
      ))}
    </div>
  ),
};

export const LongContent: Story = {
  render: (args) => (
    <div style={{ width: '8rem' }}>
      <Badge {...args} title="Stored in five warehouses across Europe">
        Stored in five warehouses across Europe
      </Badge>
    </div>
  ),
};

export const DarkTheme: Story = { ...Tones, parameters: { theme: 'dark' } };
