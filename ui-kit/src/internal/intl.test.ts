import { dateTimeFormat, numberFormat } from './intl';

describe('Intl formatters', () => {
  it('are made once per locale and options', () => {
    const options = { dateStyle: 'medium', timeZone: 'Europe/Amsterdam' } as const;
    expect(dateTimeFormat('en-GB', options)).toBe(dateTimeFormat('en-GB', { ...options }));
    expect(dateTimeFormat('en-GB', options)).not.toBe(dateTimeFormat('de-DE', options));
    expect(dateTimeFormat('en-GB', options)).not.toBe(
      dateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }),
    );
    expect(numberFormat(undefined)).toBe(numberFormat(undefined, {}));
  });

  it('format as a new one would', () => {
    const moment = new Date('2026-03-03T23:30:00Z');
    const options = { dateStyle: 'medium', timeZone: 'Europe/Amsterdam' } as const;
    expect(dateTimeFormat('en-GB', options).format(moment)).toBe(
      new Intl.DateTimeFormat('en-GB', options).format(moment),
    );
    expect(dateTimeFormat('en-GB', options).format(moment)).toBe('4 Mar 2026');
  });
});
