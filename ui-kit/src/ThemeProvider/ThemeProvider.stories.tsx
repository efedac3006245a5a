import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button';
import { Card } from '../Card';
import { RadioGroup } from '../RadioGroup';
import { ThemeProvider, useTheme, type Theme } from './ThemeProvider';

function ThemeSwitcher() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <Card title="Appearance">
      <RadioGroup
        label="Theme"
        value={theme}
        onValueChange={(value) => setTheme(value as Theme)}
        options={[
          { value: 'light', label: 'Light' },
          { value: 'dark', label: 'Dark' },
          { value: 'system', label: 'Same as the system' },
        ]}
      />
      <p>Showing the {resolvedTheme} theme.</p>
      <Button>Example action</Button>
    </Card>
  );
}

const meta = {
  title: 'Utilities/ThemeProvider',
  component: ThemeProvider,
  args: { children: <ThemeSwitcher />, storageKey: null, defaultTheme: 'light' },
} satisfies Meta<typeof ThemeProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
