import { parentPort } from 'node:worker_threads';
import { type EncodeRequest, encodeBatch } from './scale-data.js';

/** Generates and encodes batches for `gen:data` beside the thread that writes them to PostgreSQL. */
parentPort?.on('message', (request: EncodeRequest) => {
  const encoded = encodeBatch(request);
  parentPort?.postMessage(encoded, [
    encoded.items.buffer,
    encoded.movements.buffer,
  ] as ArrayBuffer[]);
});
