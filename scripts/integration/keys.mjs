// Makes a key pair for a facility system's private_key_jwt: prints nothing secret to the terminal.
//   node scripts/integration/keys.mjs ES384 ./hospital-ehr    (or RS384)
// writes ./hospital-ehr.private.jwk.json (keep it on the system, never send it) and
//        ./hospital-ehr.public.jwks.json (register it: npm run integration -- clients create ... --jwks <file>).
import { writeFileSync } from 'node:fs';
import { exportJWK, generateKeyPair } from 'jose';

const [alg = 'ES384', base = './integration-client'] = process.argv.slice(2);
if (alg !== 'ES384' && alg !== 'RS384') {
  console.error('Usage: node scripts/integration/keys.mjs ES384|RS384 [path/prefix]');
  process.exit(2);
}
const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
const kid = `${alg.toLowerCase()}-${new Date().toISOString().slice(0, 10)}`;
writeFileSync(`${base}.private.jwk.json`, JSON.stringify({ ...(await exportJWK(privateKey)), alg, kid }, null, 2), {
  mode: 0o600,
});
writeFileSync(
  `${base}.public.jwks.json`,
  JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), alg, kid }] }, null, 2),
);
console.log(`${base}.private.jwk.json (keep secret) and ${base}.public.jwks.json (register it)`);
