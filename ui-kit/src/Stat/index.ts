export { Stat, type StatDelta, type StatProps } from './Stat';
