export type MessageType = 'none' | 'success' | 'error' | 'info' | 'warning';

export interface BarMessage {
  type: MessageType;
  /** A language-pack key, translated when shown so a language switch re-words it. */
  key?: string;
  params?: Record<string, string | number>;
  /** Text from the server, shown as it is. */
  text?: string;
  /** Survives route changes. */
  keepDisplay?: boolean;
  isSessionTimeout?: boolean;
  /** A button in the message (e.g. 'Resend'): its label is a language-pack key. */
  action?: MessageAction;
}

export interface MessageAction {
  key: string;
  onAction: () => void;
}

export interface MessageBarStore {
  get(): BarMessage | null;
  subscribe(listener: () => void): () => void;
  show(message: BarMessage): void;
  showSessionTimeout(): void;
  /** The user closed the bar. */
  dismiss(): void;
  /** Logout: every message goes, keepDisplay and session-timeout ones included. */
  clear(): void;
  /** Called on every navigation. */
  routeChanged(): void;
}

export const SESSION_TIMEOUT_KEY = 'messages.sessionTimeout';

export function createMessageBarStore(): MessageBarStore {
  let current: BarMessage | null = null;
  const listeners = new Set<() => void>();
  const set = (next: BarMessage | null) => {
    current = next;
    listeners.forEach((l) => l());
  };
  return {
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    show(message) {
      // The session-timeout message overrides every other and stays until dismissed.
      if (current?.isSessionTimeout) return;
      set(message.type === 'none' ? null : message);
    },
    showSessionTimeout() {
      set({ type: 'warning', key: SESSION_TIMEOUT_KEY, keepDisplay: true, isSessionTimeout: true });
    },
    dismiss: () => set(null),
    clear: () => set(null),
    routeChanged() {
      if (current && !current.keepDisplay && !current.isSessionTimeout) set(null);
    },
  };
}
