// The widget key the Widget tab last made for an agent, kept in this browser so the snippet and
// the preview survive a reload (the server keeps only a hash of a key). A publishable key is made
// to be seen in web pages' source, so keeping it here exposes nothing; the identity secret, which
// is a real secret, is never kept.

export interface RememberedKey {
  keyId: string;
  secret: string;
}

const storageKey = (agentId: string) => `colloquy-console:widget-key:${agentId}`;

export function rememberedKey(agentId: string): RememberedKey | null {
  try {
    const value = JSON.parse(localStorage.getItem(storageKey(agentId)) ?? 'null') as Partial<RememberedKey> | null;
    return typeof value?.keyId === 'string' && typeof value.secret === 'string'
      ? { keyId: value.keyId, secret: value.secret }
      : null;
  } catch {
    return null;
  }
}

export function rememberKey(agentId: string, key: RememberedKey): void {
  try {
    localStorage.setItem(storageKey(agentId), JSON.stringify(key));
  } catch {
    // Storage full or disabled: the snippet still shows until the page is left.
  }
}
