import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

/**
 * A font with Chinese characters, so the Chinese screens' screenshots show text rather than boxes: installed with
 * apt-get when missing and we may (root on Debian); otherwise the journeys still run (they check the text itself).
 */
function ensureCjkFont(): void {
  if (existsSync(CJK_FONT) || process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return;
  console.warn('No CJK font: installing the Debian package (apt-get install fonts-noto-cjk)…');
  try {
    execFileSync('apt-get', ['install', '-y', '-qq', 'fonts-noto-cjk'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'fonts-noto-cjk'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
}

/** The system Chromium; installed with apt-get when missing and we may (root on Debian). */
export function ensureChromium(): string {
  ensureCjkFont();
  const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return path;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get') && !process.env.CHROME_PATH;
  if (!canInstall) {
    throw new Error(
      `Chromium not found at ${path}. Install it (Debian/Ubuntu: apt-get install chromium) or set CHROME_PATH.`,
    );
  }
  console.warn('Chromium is missing: installing the Debian package (apt-get install chromium)…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!existsSync(path)) throw new Error(`apt-get installed chromium, but ${path} is still missing.`);
  return path;
}

/** Flags for a sandbox with no network beyond loopback; *.test host names resolve to this machine. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP *.test 127.0.0.1, MAP *.localhost 127.0.0.1',
];
