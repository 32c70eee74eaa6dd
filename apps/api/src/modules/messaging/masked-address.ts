import type { Channel } from './provider.js';

/**
 * An address as the shop shows it to its owner, or to its former holder, partly hidden as a national ID's ending is (a
 * screen over a shoulder, a screenshot, a mailbox that is no longer theirs): "+20 10•••••678", "sa•••@example.com".
 */
export function maskedAddress(channel: Channel, to: string): string {
  if (channel !== 'email')
    return `${to.slice(0, 3)} ${to.slice(3, 5)}${'•'.repeat(Math.max(to.length - 8, 0))}${to.slice(-3)}`;
  const at = to.lastIndexOf('@');
  const local = to.slice(0, at);
  return `${local.slice(0, local.length > 3 ? 2 : 1)}•••${to.slice(at)}`;
}
