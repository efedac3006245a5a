import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { DateRangePicker } from './DateRangePicker';
import { defaultDatePresets, type DateRange } from './presets';
import { StoryFrame } from '../test-utils/StoryFrame';

const today = '2026-03-20';

const meta = {
  title: 'Forms/DateRangePicker',
  component: DateRangePicker,
  args: {
    label: 'Period',
    value: { start: '2026-02-19', end: today },
    onChange: () => undefined,
    presets: defaultDatePresets(today),
    maxDays: 731,
    max: today,
  },
  render: function Render(args) {
    const [range, setRange] = useState<DateRange>(args.value);
    return (
      <StoryFrame width={40}>
        <DateRangePicker {...args} value={range} onChange={setRange} />
        <p>
          Applied: {range.start} – {range.end}
        </p>
      </StoryFrame>
    );
  },
} satisfies Meta<typeof DateRangePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const CustomRange: Story = { args: { value: { start: '2026-01-05', end: '2026-02-10' } } };

export const WithoutPresets: Story = { args: { presets: [] } };

/** A list's filter: no range until one is chosen, either end may stay open, "Any time" clears. */
export const Open: Story = {
  args: { openEnded: true, label: 'Filed', value: { start: '', end: '' }, maxDays: undefined },
};

export const OpenWithStartOnly: Story = {
  args: {
    openEnded: true,
    label: 'Filed',
    value: { start: '2026-03-01', end: '' },
    maxDays: undefined,
  },
};

export const DarkTheme: Story = { parameters: { theme: 'dark' } };
