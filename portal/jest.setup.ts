import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks the Encoding API that react-router's data router relies on.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom lacks these browser APIs; ui-kit's Radix-based menus position and scroll with them.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.setPointerCapture ??= () => undefined;

// Two cores shared by several test runs (CI runs packages side by side): a screen that renders in
// 300 ms alone may take seconds then. Waiting longer costs nothing when it renders at once.
configure({ asyncUtilTimeout: 5_000 });
