/** "Morgan Multi" → "MM": what the menu's button shows on a phone, where the name would crowd the bar. */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/u)
    .filter((word) => word !== '');
  const letters = [words[0], words.length > 1 ? words.at(-1) : undefined]
    .map((word) => (word === undefined ? '' : ([...word][0] ?? '')))
    .join('');
  return letters.toLocaleUpperCase();
}
