import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { setProjectAnnotations } from '@storybook/react';
import { toHaveNoViolations } from 'jest-axe';
import * as previewAnnotations from './.storybook/preview';

// jsdom lacks these browser APIs; Storybook's runtime and the Radix primitives (positioning,
// pointer capture, scrolling the highlighted option into view) expect them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;

// jsdom lays nothing out: give chart containers the size a browser would, so Recharts draws.
const boundingClientRect = Element.prototype.getBoundingClientRect;
Element.prototype.getBoundingClientRect = function getBoundingClientRect(this: Element) {
  return this.classList.contains('recharts-responsive-container')
    ? DOMRect.fromRect({ width: 640, height: 280 })
    : boundingClientRect.call(this);
};

Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.setPointerCapture ??= () => undefined;

window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) satisfies MediaQueryList;

expect.extend(toHaveNoViolations);

setProjectAnnotations([previewAnnotations]);
