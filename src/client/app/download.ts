// Files the SPA got through the http client (with the session's token) handed to the browser: sagas `call` these, so
// tests assert them and the DOM work stays out of the sagas.

/** Saves `blob` as `filename` (the browser's download). */
export function saveFile(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // the click has started the download; the URL is not needed after this task
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/** A URL the page can show `blob` at (an <img>), until revokeObjectUrl. */
export const objectUrlOf = (blob: Blob): string => URL.createObjectURL(blob);

export function revokeObjectUrl(url: string | null): void {
  if (url) URL.revokeObjectURL(url);
}
