import { Foundation1795322252897 } from './1795322252897-foundation.js';

/** Every migration, oldest first: listed here so that the compiled app and the tests load the same set. */
export const MIGRATIONS = [Foundation1795322252897];
