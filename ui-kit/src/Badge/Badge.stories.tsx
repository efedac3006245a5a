import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge, type BadgeTone } from './Badge';
import { StoryFrame } from '../test-utils/StoryFrame';
import { Inline } from '../Stack';

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
    <Inline gap={2}>
      {tones.map((tone) => (
        <Badge {...args} key={tone} tone={tone}>
          {tone}
        </Badge>
      ))}
    </Inline>
  ),
};

export const Solid: Story = {
  render: (args) => (
    <Inline gap={2}>
      {tones.map((tone) => (
        <Badge {...args} key={tone} tone={tone} variant="solid">
          {tone}
        </Badge>
      ))}
    </Inline>
  ),
};

export const LongContent: Story = {
  render: (args) => (
    <StoryFrame width={8}>
      <Badge {...args} title="Stored in five warehouses across Europe">
        Stored in five warehouses across Europe
      </Badge>
    </StoryFrame>
  ),
};

export const DarkTheme: Story = { ...Tones, parameters: { theme: 'dark' } };
