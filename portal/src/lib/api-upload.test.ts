import { ApiError } from './api-client';
import { uploadWithProgress } from './api-upload';

type Listener = (event?: { lengthComputable: boolean; loaded: number; total: number }) => void;

/** An XMLHttpRequest that answers with `status` and `body` after reporting two progress steps. */
function fakeXhr(status: number, body: string, headers = 'content-type: application/json') {
  const sent: Array<{ url: string; headers: Record<string, string>; body: unknown }> = [];
  class Fake {
    status = 0;
    statusText = '';
    responseText = '';
    private url = '';
    private headers: Record<string, string> = {};
    private listeners = new Map<string, Listener[]>();
    upload = {
      listeners: [] as Listener[],
      addEventListener(_type: string, listener: Listener) {
        this.listeners.push(listener);
      },
    };
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    addEventListener(type: string, listener: Listener) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    getAllResponseHeaders() {
      return `${headers}\r\nx-request-id: req-9\r\n`;
    }
    abort() {
      for (const listener of this.listeners.get('abort') ?? []) listener();
    }
    send(payload: unknown) {
      sent.push({ url: this.url, headers: this.headers, body: payload });
      setTimeout(() => {
        for (const listener of this.upload.listeners) {
          listener({ lengthComputable: true, loaded: 40, total: 100 });
          listener({ lengthComputable: true, loaded: 100, total: 100 });
        }
        this.status = status;
        this.responseText = body;
        for (const listener of this.listeners.get('load') ?? []) listener();
      }, 0);
    }
  }
  jest
    .spyOn(globalThis, 'XMLHttpRequest')
    .mockImplementation(() => new Fake() as unknown as XMLHttpRequest);
  // Node's FormData refuses jsdom's File; the browser's takes it.
  jest.spyOn(globalThis, 'FormData').mockImplementation(() => {
    const entries = new Map<string, unknown>();
    return {
      append: (name: string, value: unknown) => entries.set(name, value),
      get: (name: string) => entries.get(name),
    } as unknown as FormData;
  });
  return sent;
}

const file = () => new File(['%PDF-1.7'], 'packing-list.pdf', { type: 'application/pdf' });

describe('uploadWithProgress', () => {
  beforeEach(() => {
    document.cookie = 'csrf=token-1';
  });

  it('sends the file in its field with the CSRF header, reports progress and resolves with the answer', async () => {
    const sent = fakeXhr(201, JSON.stringify({ id: 'a1', filename: 'packing-list.pdf' }));
    const progress: number[] = [];

    const answer = await uploadWithProgress<{ id: string }>({
      url: '/api/partners/acme-outdoor/claims/c1/attachments',
      field: 'file',
      file: file(),
      onProgress: (percent) => progress.push(percent),
    });

    expect(answer).toEqual({ id: 'a1', filename: 'packing-list.pdf' });
    expect(progress).toEqual([40, 100, 100]);
    expect(sent[0]?.url).toBe('/api/partners/acme-outdoor/claims/c1/attachments');
    expect(sent[0]?.headers['X-CSRF-Token']).toBe('token-1');
    expect((sent[0]?.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('rejects with the problem details of a refusal', async () => {
    fakeXhr(
      415,
      JSON.stringify({
        title: 'Unsupported Media Type',
        status: 415,
        code: 'unsupported_media_type',
        detail: 'Not a PDF, PNG, JPEG or WebP file.',
      }),
      'content-type: application/problem+json',
    );

    const error = await uploadWithProgress({ url: '/x', field: 'file', file: file() }).catch(
      (refusal: unknown) => refusal,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 415,
      code: 'unsupported_media_type',
      detail: 'Not a PDF, PNG, JPEG or WebP file.',
    });
  });
});
