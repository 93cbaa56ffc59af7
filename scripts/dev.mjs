// `npm run dev`: the API server in watch mode and the Vite dev server (which proxies /api to it).
import { spawn } from 'node:child_process';

const children = [
  ['server', ['run', 'dev', '-w', '@portal/server'], { PORT: '3000', NODE_ENV: 'development' }],
  ['web', ['run', 'dev', '-w', '@portal/web'], {}],
].map(([name, args, env]) => {
  const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => `[${name}] ${line}`)
      .join('\n') + '\n';
  child.stdout.on('data', (c) => process.stdout.write(prefix(c)));
  child.stderr.on('data', (c) => process.stderr.write(prefix(c)));
  child.on('exit', (code) => {
    console.log(`[${name}] exited with ${code}`);
    shutdown(code ?? 1);
  });
  return child;
});

function shutdown(code) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
console.log('Open http://localhost:5173 (Vite, hot reload); the API runs on http://localhost:3000');
