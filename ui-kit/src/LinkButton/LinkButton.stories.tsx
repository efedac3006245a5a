import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterLinkProvider, type RouterLinkProps } from '../RouterLinkProvider';
import { Inline } from '../Stack';
import { LinkButton } from './LinkButton';

const downloadIcon = (
  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="currentColor">
    <path d="M8 1.5a.75.75 0 01.75.75v6.69l2.22-2.22a.75.75 0 111.06 1.06l-3.5 3.5a.75.75 0 01-1.06 0l-3.5-3.5a.75.75 0 111.06-1.06l2.22 2.22V2.25A.75.75 0 018 1.5zM2.75 12.5a.75.75 0 000 1.5h10.5a.75.75 0 000-1.5H2.75z" />
  </svg>
);

const meta = {
  title: 'Actions/LinkButton',
  component: LinkButton,
  args: { href: '#claims/new', children: 'New claim' },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'ghost', 'danger'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof LinkButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};

export const Secondary: Story = { args: { variant: 'secondary', children: 'Back to inventory' } };

/** A download: a plain `<a download>`, so the browser shows the file's progress itself. */
export const Download: Story = {
  args: {
    href: '/api/partners/acme-outdoor/inventory.csv?stock=low',
    download: true,
    variant: 'secondary',
    size: 'sm',
    leadingIcon: downloadIcon,
    children: 'Export CSV',
  },
};

export const Sizes: Story = {
  render: (args) => (
    <Inline gap={3} wrap={false}>
      <LinkButton {...args} size="sm">
        Small
      </LinkButton>
      <LinkButton {...args} size="md">
        Medium
      </LinkButton>
      <LinkButton {...args} size="lg">
        Large
      </LinkButton>
    </Inline>
  ),
};

function RouterLink({ href, ...rest }: RouterLinkProps) {
  // Stands in for an adapter over a router's Link, which takes `to` instead of `href`.
  return <a href={href} data-router-link="" {...rest} />;
}

/** Under a RouterLinkProvider (set once by the app), the link navigates through the router. */
export const WithRouterLink: Story = {
  decorators: [
    (Story) => (
      <RouterLinkProvider component={RouterLink}>
        <Story />
      </RouterLinkProvider>
    ),
  ],
};

export const LongContent: Story = {
  args: { children: 'Download every movement of this item over the last eighteen months' },
};

export const FullWidth: Story = { args: { fullWidth: true } };

export const DarkTheme: Story = {
  parameters: { theme: 'dark' },
  render: (args) => (
    <Inline gap={3}>
      <LinkButton {...args}>Primary</LinkButton>
      <LinkButton {...args} variant="secondary">
        Secondary
      </LinkButton>
      <LinkButton {...args} variant="ghost">
        Ghost
      </LinkButton>
    </Inline>
  ),
};
