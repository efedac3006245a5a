import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './FileDropzone.stories';
import { FileDropzone, formatBytes } from './FileDropzone';

const pdf = (name = 'note.pdf', size = 1000) =>
  new File(['x'.repeat(size)], name, { type: 'application/pdf' });

describe('FileDropzone', () => {
  itRendersEveryStoryAccessibly(stories);

  it('accepts chosen files through the button and the file input', async () => {
    const onFilesAccepted = jest.fn();
    render(
      <FileDropzone label="Evidence" accept="application/pdf" onFilesAccepted={onFilesAccepted} />,
    );
    const input = screen.getByLabelText('Evidence');
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeInTheDocument();
    await userEvent.upload(input as HTMLInputElement, pdf());
    expect(onFilesAccepted).toHaveBeenCalledWith([expect.objectContaining({ name: 'note.pdf' })]);
  });

  it('refuses wrong types, large files and extra files with reasons', () => {
    const onFilesAccepted = jest.fn();
    const onFilesRejected = jest.fn();
    const { container } = render(
      <FileDropzone
        label="Evidence"
        accept="application/pdf,.csv"
        multiple
        maxSize={2000}
        maxFiles={2}
        files={[{ id: 'a', name: 'old.pdf', size: 10 }]}
        onFilesAccepted={onFilesAccepted}
        onFilesRejected={onFilesRejected}
      />,
    );
    const zone = container.querySelector('[data-dragging]') as HTMLElement;
    const photo = new File(['x'], 'photo.gif', { type: 'image/gif' });
    fireEvent.drop(zone, {
      dataTransfer: { files: [pdf('a.pdf'), photo, pdf('big.pdf', 5000), pdf('b.pdf')] },
    });
    expect(onFilesAccepted).toHaveBeenCalledWith([expect.objectContaining({ name: 'a.pdf' })]);
    expect(onFilesRejected.mock.calls[0][0].map((r: { reason: string }) => r.reason)).toEqual([
      'type',
      'size',
      'count',
    ]);
    expect(screen.getByText(/photo.gif: this file type is not accepted/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose files' })).toHaveAccessibleDescription(
      /big.pdf: larger than/,
    );
  });

  it('lists files with a remove button each', async () => {
    const onRemove = jest.fn();
    render(
      <FileDropzone
        label="Evidence"
        onFilesAccepted={jest.fn()}
        files={[{ id: '1', name: 'note.pdf', size: 2048, status: 'uploading', progress: 50 }]}
        onRemove={onRemove}
      />,
    );
    expect(screen.getByRole('progressbar', { name: 'Uploading note.pdf' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove note.pdf' }));
    expect(onRemove).toHaveBeenCalledWith('1');
  });

  it('formats sizes', () => {
    expect(formatBytes(512, 'en')).toBe('512 bytes');
    expect(formatBytes(1, 'en')).toBe('1 byte');
    expect(formatBytes(2048, 'en')).toBe('2 kB');
    expect(formatBytes(5 * 1024 * 1024, 'en')).toBe('5 MB');
  });
});
