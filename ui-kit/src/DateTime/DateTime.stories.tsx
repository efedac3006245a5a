import type { Meta, StoryObj } from '@storybook/react-vite';
import { DateTime } from './DateTime';

const moment = '2026-03-03T23:30:00Z';

const meta = {
  title: 'Data display/DateTime',
  component: DateTime,
  args: { value: moment, locale: 'en-GB', timeZone: 'Europe/Amsterdam' },
} satisfies Meta<typeof DateTime>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DateOnly: Story = {};

export const DateAndTime: Story = { args: { format: 'datetime' } };

export const Relative: Story = {
  args: { format: 'relative', now: new Date('2026-03-06T12:00:00Z') },
};

export const TimeZones: Story = {
  render: (args) => (
    <ul>
      <li>
        Amsterdam: <DateTime {...args} format="datetime" timeZone="Europe/Amsterdam" />
      </li>
      <li>
        New York: <DateTime {...args} format="datetime" timeZone="America/New_York" />
      </li>
      <li>
        Tokyo: <DateTime {...args} format="datetime" timeZone="Asia/Tokyo" />
      </li>
    </ul>
  ),
};

export const DarkTheme: Story = { ...TimeZones, parameters: { theme: 'dark' } };
