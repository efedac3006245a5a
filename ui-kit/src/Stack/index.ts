export { Inline, Stack, type InlineProps, type SpaceStep, type StackProps } from './Stack';
