export { DateRangePicker, type DateRangePickerProps } from './DateRangePicker';
export {
  addDays,
  defaultDatePresets,
  rangeLength,
  type DateRange,
  type DateRangePreset,
} from './presets';
