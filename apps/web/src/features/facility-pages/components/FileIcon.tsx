import type { FileKind } from '../lib/forms';

const COLORS: Record<FileKind, string> = {
  pdf: '#b42318',
  image: '#1b6e3a',
  text: '#3b4a5c',
  other: '#5b5b66',
};

const LABELS: Record<FileKind, string> = { pdf: 'PDF', image: 'IMG', text: 'TXT', other: 'FILE' };

/** A page with a folded corner and the file's kind on it; decorative (the kind is also written beside it). */
export function FileIcon({ kind }: { kind: FileKind }) {
  const color = COLORS[kind];
  return (
    <svg width="36" height="44" viewBox="0 0 36 44" aria-hidden="true" focusable="false" data-kind={kind}>
      <path d="M3 2h20l10 10v30H3z" fill="#fff" stroke={color} strokeWidth="2" strokeLinejoin="round" />
      <path d="M23 2v10h10" fill="none" stroke={color} strokeWidth="2" strokeLinejoin="round" />
      <rect x="0" y="22" width="36" height="13" rx="2" fill={color} />
      <text x="18" y="32" textAnchor="middle" fontSize="9" fontWeight="700" fill="#fff" fontFamily="sans-serif">
        {LABELS[kind]}
      </text>
    </svg>
  );
}
