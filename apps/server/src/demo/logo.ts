/** The demo facility's logo: a plain SVG so the seed needs no binary files. */
export const RIVERSIDE_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="64" viewBox="0 0 320 64" role="img">
<title>Riverside Cancer Center</title>
<rect width="64" height="64" rx="12" fill="#ffffff"/>
<path d="M10 38c8-8 14-8 22 0s14 8 22 0" fill="none" stroke="#0f6b63" stroke-width="6" stroke-linecap="round"/>
<path d="M10 24c8-8 14-8 22 0s14 8 22 0" fill="none" stroke="#0b5c8a" stroke-width="6" stroke-linecap="round"/>
<text x="78" y="30" font-family="Arial, Helvetica, sans-serif" font-size="22" font-weight="700" fill="#ffffff">Riverside</text>
<text x="78" y="52" font-family="Arial, Helvetica, sans-serif" font-size="15" fill="#ffffff">Cancer Center</text>
</svg>
`;
