import {
  useRef,
  useState,
  type ComponentPropsWithRef,
  type DragEvent,
  type ReactNode,
} from 'react';
import { Button } from '../Button/Button';
import { IconButton } from '../IconButton/IconButton';
import { FormField } from '../FormField/FormField';
import { cx } from '../internal/cx';
import { CloseIcon, UploadIcon } from '../internal/icons';
import { VisuallyHidden } from '../internal/VisuallyHidden';
import { ProgressBar } from '../ProgressBar/ProgressBar';
import styles from './FileDropzone.module.css';

/** A file shown in the dropzone's list (already chosen, uploading or uploaded). */
export interface FileDropzoneItem {
  id: string;
  name: string;
  /** Size in bytes. */
  size: number;
  /** Upload state. */
  status?: 'uploading' | 'done' | 'error';
  /** Upload progress 0–100 while uploading. */
  progress?: number;
  /** Why the upload failed. */
  error?: string;
}

/** A file refused before upload, with the reason. */
export interface FileRejection {
  file: File;
  reason: 'type' | 'size' | 'count';
  message: string;
}

export interface FileDropzoneProps extends Omit<ComponentPropsWithRef<'div'>, 'onDrop'> {
  /** The visible label ("Evidence"). */
  label: string;
  /** Accepted types, as for `<input accept>`: "application/pdf,image/*,.csv". */
  accept?: string;
  /** Allows several files at once. */
  multiple?: boolean;
  /** Largest file in bytes. */
  maxSize?: number;
  /** Most files in the list (counting those already in `files`). */
  maxFiles?: number;
  /** Called with the files that passed the checks. */
  onFilesAccepted: (files: File[]) => void;
  /** Called with refused files and reasons (also shown under the zone). */
  onFilesRejected?: (rejections: FileRejection[]) => void;
  /** The files to list under the zone. */
  files?: FileDropzoneItem[];
  /** Called to remove a listed file. */
  onRemove?: (id: string) => void;
  /** Help under the label: types and size limit. */
  hint?: string;
  /** A validation message. */
  error?: string;
  /** Disables choosing and dropping. */
  disabled?: boolean;
  /** Wording. */
  chooseLabel?: string;
  dropText?: ReactNode;
  removeLabel?: (name: string) => string;
  locale?: string;
}

export function formatBytes(bytes: number, locale?: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    // ICU's short byte is "byte" whatever the count ("70 byte"); the long form agrees with it.
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

function matchesAccept(file: File, accept: string | undefined): boolean {
  if (!accept) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .some((entry) =>
      entry.startsWith('.')
        ? name.endsWith(entry)
        : entry.endsWith('/*')
          ? type.startsWith(entry.slice(0, -1))
          : type === entry,
    );
}

/**
 * Choose or drop files: a "Choose files" button (the keyboard and screen-reader path) inside a
 * drop area, type/size/count checks with clear reasons, and a list with upload progress.
 */
export function FileDropzone({
  label,
  accept,
  multiple = false,
  maxSize,
  maxFiles,
  onFilesAccepted,
  onFilesRejected,
  files = [],
  onRemove,
  hint,
  error,
  disabled = false,
  chooseLabel = multiple ? 'Choose files' : 'Choose a file',
  dropText = 'or drop them here',
  removeLabel = (name) => `Remove ${name}`,
  locale,
  className,
  ...rest
}: FileDropzoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [rejections, setRejections] = useState<FileRejection[]>([]);

  const handleFiles = (list: FileList | null) => {
    if (!list || disabled) return;
    const accepted: File[] = [];
    const refused: FileRejection[] = [];
    const room = maxFiles === undefined ? Infinity : maxFiles - files.length;
    for (const file of Array.from(list)) {
      if (!matchesAccept(file, accept)) {
        refused.push({
          file,
          reason: 'type',
          message: `${file.name}: this file type is not accepted.`,
        });
      } else if (maxSize !== undefined && file.size > maxSize) {
        refused.push({
          file,
          reason: 'size',
          message: `${file.name}: larger than ${formatBytes(maxSize, locale)}.`,
        });
      } else if (accepted.length >= room || (!multiple && accepted.length >= 1)) {
        refused.push({ file, reason: 'count', message: `${file.name}: too many files.` });
      } else {
        accepted.push(file);
      }
    }
    setRejections(refused);
    if (refused.length > 0) onFilesRejected?.(refused);
    if (accepted.length > 0) onFilesAccepted(accepted);
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (disabled) return;
    event.preventDefault();
    setDragging(true);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    handleFiles(event.dataTransfer.files);
  };

  const message =
    error ?? (rejections.length > 0 ? rejections.map((r) => r.message).join(' ') : undefined);

  return (
    <FormField
      {...{ label, hint }}
      className={cx(styles.root, className)}
      error={message}
      hintPlacement="label"
      {...rest}
    >
      {(field) => (
        <>
          <div
            className={styles.zone}
            data-dragging={dragging}
            data-disabled={disabled}
            data-invalid={message !== undefined}
            onDragOver={onDragOver}
            onDragEnter={onDragOver}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <span className={styles.zoneIcon} aria-hidden="true">
              <UploadIcon />
            </span>
            <VisuallyHidden>
              <input
                {...field}
                ref={inputRef}
                type="file"
                tabIndex={-1}
                accept={accept}
                multiple={multiple}
                disabled={disabled}
                onChange={(event) => {
                  handleFiles(event.target.files);
                  event.target.value = '';
                }}
              />
            </VisuallyHidden>
            <Button
              variant="secondary"
              size="sm"
              disabled={disabled}
              aria-describedby={field['aria-describedby']}
              onClick={() => inputRef.current?.click()}
            >
              {chooseLabel}
            </Button>
            <span aria-hidden="true">{dropText}</span>
          </div>
          {files.length > 0 && (
            <ul className={styles.files} aria-label={label}>
              {files.map((file) => (
                <li key={file.id} className={styles.file}>
                  <div>
                    <div className={styles.fileName} title={file.name}>
                      {file.name}
                    </div>
                    <div className={styles.fileMeta} data-status={file.status}>
                      {formatBytes(file.size, locale)}
                      {file.status === 'error' && file.error ? ` · ${file.error}` : ''}
                    </div>
                  </div>
                  {onRemove && (
                    <IconButton
                      size="sm"
                      label={removeLabel(file.name)}
                      icon={<CloseIcon />}
                      onClick={() => onRemove(file.id)}
                    />
                  )}
                  {file.status === 'uploading' && (
                    <ProgressBar
                      className={styles.fileProgress}
                      label={`Uploading ${file.name}`}
                      hideLabel
                      size="sm"
                      value={file.progress}
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </FormField>
  );
}
