import { initialsOf } from './initials';

describe('initialsOf', () => {
  it('takes the first letters of the first and the last name', () => {
    expect(initialsOf('Morgan Multi')).toBe('MM');
    expect(initialsOf('Ada Lovelace Byron')).toBe('AB');
  });

  it('keeps one letter for one name, and whole characters beyond the BMP', () => {
    expect(initialsOf('  ada ')).toBe('A');
    expect(initialsOf('𝒜da Ørsted')).toBe('𝒜Ø');
  });

  it('is empty for an empty name', () => {
    expect(initialsOf('   ')).toBe('');
  });
});
