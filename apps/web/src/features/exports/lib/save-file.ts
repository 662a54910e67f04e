/**
 * Saves a file the page holds under a name, through a temporary link (reporting's chart and table
 * downloads do the same in their feature; one shared copy belongs in src/lib).
 */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by now; a large one is still being written, so wait longer.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
