// Signs a client assertion for POST /integration/v1/token (SMART Backend Services), valid 4 minutes, used once:
//   node scripts/integration/assertion.mjs <client_id> <private.jwk.json> [token URL]
// prints the JWT for client_assertion.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { importJWK, SignJWT } from 'jose';

const [clientId, keyFile, tokenUrl = 'http://localhost:3000/integration/v1/token'] = process.argv.slice(2);
if (!clientId || !keyFile) {
  console.error('Usage: node scripts/integration/assertion.mjs <client_id> <private.jwk.json> [token URL]');
  process.exit(2);
}
const jwk = JSON.parse(readFileSync(keyFile, 'utf8'));
const alg = jwk.alg ?? (jwk.kty === 'EC' ? 'ES384' : 'RS384');
const jwt = await new SignJWT({ jti: randomUUID() })
  .setProtectedHeader({ alg, kid: jwk.kid, typ: 'JWT' })
  .setIssuer(clientId)
  .setSubject(clientId)
  .setAudience(tokenUrl)
  .setIssuedAt()
  .setExpirationTime('4m')
  .sign(await importJWK(jwk, alg));
process.stdout.write(`${jwt}\n`);
