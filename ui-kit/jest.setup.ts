import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { setProjectAnnotations } from '@storybook/react';
import { toHaveNoViolations } from 'jest-axe';
import * as previewAnnotations from './.storybook/preview';

// jsdom lacks these; React Router and Storybook's runtime both expect them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

expect.extend(toHaveNoViolations);

setProjectAnnotations([previewAnnotations]);
