import { isDirectConfigured, type Config } from '../../config';
import type { Db } from '../../db/client';
import { createDirectSender, type DirectSender } from './direct-sender';
import { createDevDirectSender, devDirectFolder } from './dev-direct';

/**
 * How the portal sends Direct messages: 'hisp' through the facility's HISP (the DIRECT_* settings given: the portal
 * signs and encrypts itself with DIRECT_MODE=smime, the HISP does with DIRECT_MODE=hisp, see DirectSender.mode);
 * 'development' outside production without them, signed and encrypted with the demo test certificates and kept in
 * dev_direct_messages for the developer Direct mailbox; in production without them, not at all.
 */
export type DirectMode = 'hisp' | 'development';

export function directMode(config: Pick<Config, 'env' | 'direct'>): DirectMode | null {
  if (isDirectConfigured(config)) return 'hisp';
  return config.env === 'production' ? null : 'development';
}

/** The app's Direct dependency: one sender for the life of the app. */
export interface DirectService {
  readonly mode: DirectMode;
  /** The sender; the development one is made on first use (its certificates are written once, which takes time). */
  sender(): Promise<DirectSender>;
}

/**
 * Builds the Direct dependency once at start, or null when Direct is unavailable. With DIRECT_* settings the
 * certificate and key are read and checked now, so a deployment whose files do not fit together does not start.
 */
export async function createDirectService(config: Config, db: Db): Promise<DirectService | null> {
  const mode = directMode(config);
  if (mode === null) return null;
  if (mode === 'hisp') {
    // Loopback LDAP hosts and IPKIX URLs only where webhooks may call loopback (outside production by default).
    const sender = await createDirectSender(config.direct!, { allowLoopback: config.webhookAllowLoopback });
    return { mode, sender: () => Promise.resolve(sender) };
  }
  let pending: Promise<DirectSender> | undefined;
  return {
    mode,
    sender: () => {
      if (!pending) {
        const next = createDevDirectSender(devDirectFolder(config.dataDir), db);
        pending = next;
        // A failure (a folder that could not be written) is not kept: the next send tries again.
        next.catch(() => {
          if (pending === next) pending = undefined;
        });
      }
      return pending;
    },
  };
}
