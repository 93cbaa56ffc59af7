import { fileURLToPath } from 'node:url';

// The server's own Direct test certificates and S/MIME reader, for the journeys. Its Direct code is typed for Node's
// WebCrypto, which the DOM library of the e2e project (the journeys' page.evaluate code needs it) declares otherwise,
// so `tsc -p e2e` must not follow a static import into it: the modules are loaded by path when the journeys run,
// and the little of them the journeys use is declared here.

const DIRECT_SOURCE = '../../apps/server/src/platform/direct/';

function serverModule<T>(file: string): Promise<T> {
  return import(/* @vite-ignore */ fileURLToPath(new URL(`${DIRECT_SOURCE}${file}`, import.meta.url))) as Promise<T>;
}

interface Pem {
  certificatePem: string;
  privateKeyPem: string;
}

/** What writeDirectTestCertificates (test-certificates.ts) writes and answers. */
export interface DirectTestFiles {
  authority: Pem;
  facility: Pem & { address: string };
  recipient: Pem & { address: string };
  settings: { from: string; certFile: string; keyFile: string; trustDir: string };
}

/**
 * Writes a test authority, the facility riverside@direct.riverside-cancer.example's certificate and key, and the
 * recipient dr.lee@direct.example-clinic.org's, with `trust/` holding the recipient's certificate alone.
 */
export async function writeDirectTestCertificates(dir: string): Promise<DirectTestFiles> {
  const module = await serverModule<{ writeDirectTestCertificates(dir: string): Promise<DirectTestFiles> }>(
    'test-certificates.ts',
  );
  return module.writeDirectTestCertificates(dir);
}

/** An enveloped S/MIME message decrypted with the recipient's key, its signer checked against trusted certificates. */
export async function decryptAndVerify(input: {
  entity: Uint8Array;
  recipient: Pem;
  trustedSigners: string[];
}): Promise<{ mime: Buffer; signer: { emailAddresses: string[] } }> {
  const module = await serverModule<{
    decryptAndVerify(i: typeof input): Promise<{ mime: Buffer; signer: { emailAddresses: string[] } }>;
  }>('smime-open.ts');
  return module.decryptAndVerify(input);
}
