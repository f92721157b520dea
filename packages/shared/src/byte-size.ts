/** A size limit as a person reads it: "5 MB", "512 KB" (binary units, rounded). */
export function byteSizeText(bytes: number): string {
  return bytes >= 1_048_576 ? `${Math.round(bytes / 1_048_576)} MB` : `${Math.round(bytes / 1024)} KB`;
}
