/** One entry of a header that weighs its values (Accept-Language, Accept-Encoding: RFC 9110 §12.4.2). */
export interface WeightedValue {
  value: string;
  /** Its q parameter, 1 when absent; one that is not a number weighs 0 (refused). */
  quality: number;
  /** Its place in the header, for entries of the same quality. */
  index: number;
}

/** The entries of a weighted header in the order sent, at most `max` of them; empty entries are left out. */
export function weightedList(header: string | string[] | undefined, max = Number.POSITIVE_INFINITY): WeightedValue[] {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return [];
  return text
    .split(',')
    .slice(0, max)
    .map((part, index) => {
      const [value = '', ...params] = part.split(';').map((s) => s.trim());
      const q = params.find((p) => p.toLowerCase().startsWith('q='));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { value, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.value !== '');
}
