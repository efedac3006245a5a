// The fixture of portal/scripts/deprecated-props.test.mjs: ui-kit's Button with a prop deprecated the way
// ui-kit deprecates one (`@deprecated` JSDoc naming the replacement). Nothing imports it, so it is not
// in the bundle, and the normal lint run ignores it (root eslint.config.js).
import type { ComponentType } from 'react';
import { Button, type ButtonProps } from '@partner-portal/ui-kit';

type NextButtonProps = ButtonProps & {
  /** @deprecated Use `variant="danger"`: removed in the next major. */
  destructive?: boolean;
};
const NextButton = Button as ComponentType<NextButtonProps>;

export const Delete = () => <NextButton destructive>Delete</NextButton>;
