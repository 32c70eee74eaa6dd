import { isIPv6 } from 'node:net';

/**
 * The network a client address is counted as by the per-address limits: an IPv4 address itself; an IPv6 address its
 * /64, since one household or one rented server is handed a whole /64 and, counted address by address, would ask
 * without end; an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, how a dual-stack socket names an IPv4 client) its IPv4.
 * Anything that is not an address (none known) is left as it is.
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, ''); // a link-local address's zone, as in fe80::1%eth0
  if (!isIPv6(address)) return ip;
  const groups = hextets(address.toLowerCase());
  const [, , , , , mapped, high = 0, low = 0] = groups;
  if (mapped === 0xffff && groups.slice(0, 5).every((group) => group === 0))
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, its `::` filled with zeros and a dotted IPv4 tail read as two. */
function hextets(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const text = dotted
    ? address.slice(0, dotted.index) +
      [Number(dotted[1]) * 256 + Number(dotted[2]), Number(dotted[3]) * 256 + Number(dotted[4])]
        .map((group) => group.toString(16))
        .join(':')
    : address;
  const groupsOf = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const [head, tail] = text.split('::');
  const front = groupsOf(head);
  const back = groupsOf(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}
