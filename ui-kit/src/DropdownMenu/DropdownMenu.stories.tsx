import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Button } from '../Button';
import { ChevronDownIcon } from '../internal/icons';
import {
  DropdownMenu,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuLinkItem,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
} from './DropdownMenu';

const meta = {
  title: 'Overlays/DropdownMenu',
  component: DropdownMenu,
  args: {
    trigger: (
      <Button variant="secondary" trailingIcon={<ChevronDownIcon />}>
        Actions
      </Button>
    ),
    children: (
      <>
        <DropdownMenuItem onSelect={fn()}>Edit draft</DropdownMenuItem>
        <DropdownMenuItem onSelect={fn()} description="Download all evidence as a ZIP file">
          Download evidence
        </DropdownMenuItem>
        <DropdownMenuItem disabled>Submit (add evidence first)</DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem tone="danger" onSelect={fn()}>
          Delete draft
        </DropdownMenuItem>
      </>
    ),
  },
} satisfies Meta<typeof DropdownMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Open: Story = { args: { defaultOpen: true } };

export const UserMenu: Story = {
  args: {
    defaultOpen: true,
    align: 'end',
    trigger: <Button variant="ghost">Ana Lima</Button>,
    children: (
      <>
        <DropdownMenuLabel>ana@acme.test</DropdownMenuLabel>
        <DropdownMenuGroup>
          <DropdownMenuLinkItem href="#profile">Profile</DropdownMenuLinkItem>
          <DropdownMenuLinkItem href="#team">Team</DropdownMenuLinkItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={fn()}>Sign out</DropdownMenuItem>
      </>
    ),
  },
};

export const RadioChoices: Story = {
  args: {
    defaultOpen: true,
    trigger: <Button variant="secondary">Granularity</Button>,
    children: (
      <DropdownMenuRadioGroup value="week">
        <DropdownMenuRadioItem value="day">Day</DropdownMenuRadioItem>
        <DropdownMenuRadioItem value="week">Week</DropdownMenuRadioItem>
        <DropdownMenuRadioItem value="month">Month</DropdownMenuRadioItem>
      </DropdownMenuRadioGroup>
    ),
  },
};

export const DarkTheme: Story = {
  args: { defaultOpen: true },
  parameters: { theme: 'dark' },
};
