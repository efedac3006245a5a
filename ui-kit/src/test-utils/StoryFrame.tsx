import type { ComponentPropsWithRef } from 'react';
import styles from './StoryFrame.module.css';

export interface StoryFrameProps extends ComponentPropsWithRef<'div'> {
  /** Largest width, in rem. */
  width?: 8 | 14 | 16 | 18 | 20 | 22 | 24 | 28 | 32 | 36 | 40;
  /** Leaves room around the story for content that opens beside it. */
  room?: boolean;
}

/** A story's frame: a usual width for a field or a card (stories only). */
export function StoryFrame({ width, room = false, ...rest }: StoryFrameProps) {
  return <div className={styles.frame} data-width={width} data-room={room} {...rest} />;
}
