/** Hands a file made in the page (or fetched as a blob) to the browser as a download. */
export function saveFile(file: Blob, filename: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // The click has handed the file to the browser; the object URL is no longer needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
