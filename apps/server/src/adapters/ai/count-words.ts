/** Words as a reader counts them: runs of non-space characters (greeting and sign-off included). */
export function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Space, tab, line breaks and the other ASCII and Unicode spaces a pasted text may hold.
    const space =
      code <= 32 || code === 0xa0 || code === 0x2028 || code === 0x2029 || (code >= 0x2000 && code <= 0x200a);
    if (space) inWord = false;
    else if (!inWord) {
      inWord = true;
      words++;
    }
  }
  return words;
}
