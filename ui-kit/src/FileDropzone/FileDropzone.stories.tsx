import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { FileDropzone, type FileDropzoneItem } from './FileDropzone';
import { StoryFrame } from '../test-utils/StoryFrame';

const meta = {
  title: 'Forms/FileDropzone',
  component: FileDropzone,
  args: {
    label: 'Evidence',
    hint: 'PDF, JPG or PNG, up to 10 MB each.',
    accept: 'application/pdf,image/jpeg,image/png',
    multiple: true,
    maxSize: 10 * 1024 * 1024,
    onFilesAccepted: fn(),
  },
  decorators: [
    (Story) => (
      <StoryFrame width={28}>
        <Story />
      </StoryFrame>
    ),
  ],
} satisfies Meta<typeof FileDropzone>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithFiles: Story = {
  render: function Render(args) {
    const [files, setFiles] = useState<FileDropzoneItem[]>([
      { id: '1', name: 'delivery-note.pdf', size: 482_113, status: 'done' },
      { id: '2', name: 'carton-photo-1.jpg', size: 2_380_442, status: 'uploading', progress: 45 },
      {
        id: '3',
        name: 'carton-photo-2.jpg',
        size: 2_114_001,
        status: 'error',
        error: 'Upload failed',
      },
    ]);
    return (
      <FileDropzone
        {...args}
        files={files}
        onRemove={(id) => setFiles((current) => current.filter((file) => file.id !== id))}
        onFilesAccepted={(added) =>
          setFiles((current) => [
            ...current,
            ...added.map((file) => ({
              id: `${file.name}-${file.size}`,
              name: file.name,
              size: file.size,
              status: 'done' as const,
            })),
          ])
        }
      />
    );
  },
};

export const WithError: Story = { args: { error: 'Add at least one photo of the damage.' } };

export const Disabled: Story = { args: { disabled: true } };

export const DarkTheme: Story = { ...WithFiles, parameters: { theme: 'dark' } };
