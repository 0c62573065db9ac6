// Hands bytes made in the page to the browser as a download ("Download this exercise",
// "Download frames"): nothing is uploaded, the file never leaves the machine.
export function saveFile(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has started reading the blob by now; a minute is ample before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
