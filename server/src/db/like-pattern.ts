/** `text` as a LIKE pattern's literal part: its wildcards and the escape character escaped. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The LIKE pattern of the values that hold `text` anywhere, as plain text (never a pattern). */
export function containsPattern(text: string): string {
  return `%${likeLiteral(text)}%`;
}
