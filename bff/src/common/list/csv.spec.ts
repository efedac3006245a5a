import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from '@jest/globals';
import { attachmentDisposition, csvStream, defuseFormula } from './csv.js';

interface Row {
  name: string;
  amount: number | null;
}

const columns = [
  { header: 'Name', value: (row: Row) => row.name },
  { header: 'Amount', value: (row: Row) => row.amount },
];

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

describe('csvStream', () => {
  it('writes a header row and RFC 4180 records (CRLF, quotes doubled, special fields quoted)', async () => {
    const rows: Row[] = [
      { name: 'plain', amount: 1 },
      { name: 'with, comma', amount: -2 },
      { name: 'with "quotes"', amount: null },
      { name: 'two\nlines', amount: 0 },
      { name: 'Zoë ✓', amount: 3.5 },
    ];
    expect(await text(csvStream(rows, columns))).toBe(
      [
        'Name,Amount',
        'plain,1',
        '"with, comma",-2',
        '"with ""quotes""",',
        '"two\nlines",0',
        'Zoë ✓,3.5',
        '',
      ].join('\r\n'),
    );
  });

  it('defuses every formula start in text cells (docs/api.md, "CSV exports"), not in numbers', async () => {
    const rows: Row[] = ['=1+1', '+SUM(A1)', '-2', '@cmd', '\tx', '\rx', 'a=b'].map((name) => ({
      name,
      amount: -1,
    }));
    const lines = (await text(csvStream(rows, columns))).split('\r\n');
    expect(lines.slice(1, -1)).toEqual([
      "'=1+1,-1",
      "'+SUM(A1),-1",
      "'-2,-1",
      "'@cmd,-1",
      "'\tx,-1",
      `"'\rx",-1`,
      'a=b,-1',
    ]);
    expect(defuseFormula('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
  });

  it('pulls rows only as fast as the consumer reads (backpressure)', async () => {
    let produced = 0;
    async function* rows(): AsyncGenerator<Row> {
      for (let index = 0; index < 100_000; index += 1) {
        produced += 1;
        yield { name: `row ${index} ${'x'.repeat(100)}`, amount: index };
      }
    }
    const stream = csvStream(rows(), columns);
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    await delay(100);
    const afterStall = produced;
    // The consumer has read one chunk and stalled: the producer stopped within the buffers' size.
    expect(afterStall).toBeLessThan(2_000);
    await delay(100);
    expect(produced).toBe(afterStall);
    await iterator.return?.();
  });

  it('passes an error of the source on to the stream', async () => {
    async function* failing(): AsyncGenerator<Row> {
      yield { name: 'a', amount: 1 };
      throw new Error('the database went away');
    }
    await expect(text(csvStream(failing(), columns))).rejects.toThrow('the database went away');
  });
});

describe('attachmentDisposition', () => {
  it('names the file in safe ASCII', () => {
    expect(attachmentDisposition('members-acme-outdoor.csv')).toBe(
      'attachment; filename="members-acme-outdoor.csv"',
    );
    expect(attachmentDisposition('a"b\r\nc/../é.csv')).toBe('attachment; filename="a_b_c_.._.csv"');
  });
});
