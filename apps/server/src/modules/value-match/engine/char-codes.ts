import os from 'node:os';

const LITTLE_ENDIAN = os.endianness() === 'LE';
let codes = new Uint16Array(4096);
let bytes = Buffer.from(codes.buffer);

/**
 * The UTF-16 code units of `text` in a Uint16Array, copied natively in one call. Reading a typed
 * array in a loop is several times cheaper than `charCodeAt`, which checks the string's kind at
 * every call. The array is one buffer reused by every call: read it before calling again.
 */
export function charCodes(text: string): Uint16Array {
  if (codes.length < text.length) {
    codes = new Uint16Array(Math.max(text.length, codes.length * 2));
    bytes = Buffer.from(codes.buffer);
  }
  if (LITTLE_ENDIAN) bytes.write(text, 0, text.length * 2, 'utf16le');
  else for (let i = 0; i < text.length; i++) codes[i] = text.charCodeAt(i);
  return codes;
}
