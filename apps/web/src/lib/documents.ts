/**
 * Opens a document in a new window. The window opens at once, inside the click, so popup blockers let it
 * through; it shows the document when the URL (or file) is ready, and closes if getting it failed.
 * Returns false when the browser refused to open a window at all.
 */
async function openInNewWindow(target: Promise<string>): Promise<boolean> {
  const opened = window.open('', '_blank');
  if (!opened) {
    // Still settle the promise so its failure is not unhandled.
    await target.catch(() => undefined);
    return false;
  }
  try {
    opened.opener = null;
    opened.location.href = await target;
    return true;
  } catch (error) {
    opened.close();
    throw error;
  }
}

/** A URL such as withUrlToken(path), in a new window. */
export function openUrlInNewWindow(url: Promise<string>): Promise<boolean> {
  return openInNewWindow(url);
}

/** A file fetched through the API client (a PDF), in a new window; its object URL is freed a minute later. */
export function openBlobInNewWindow(blob: Promise<Blob>): Promise<boolean> {
  return openInNewWindow(
    blob.then((file) => {
      const url = URL.createObjectURL(file);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return url;
    }),
  );
}
