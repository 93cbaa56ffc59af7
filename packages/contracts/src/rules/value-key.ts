/**
 * The language-pack key of a value another system sends ('No Show' -> 'noShow', 'Imaging CT' -> 'imagingCt'):
 * the browser and the server's printouts translate statuses and types through the same keys.
 */
export function valueKey(value: string): string {
  const words = value
    .trim()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  return words.map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join('');
}
