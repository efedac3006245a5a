import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks the Encoding API that react-router's data router relies on.
Object.assign(globalThis, { TextEncoder, TextDecoder });
