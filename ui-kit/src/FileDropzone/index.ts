export {
  FileDropzone,
  formatBytes,
  type FileDropzoneItem,
  type FileDropzoneProps,
  type FileRejection,
} from './FileDropzone';
