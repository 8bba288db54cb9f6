// Addresses and CIDR ranges in the browser, to warn before a list shuts out the admin's own address
// and to tell an address typed into the comment field. The server checks every entry again.

type Parsed = { bits: bigint; width: 32 | 128 };

function parseV4(text: string): bigint | null {
  const parts = text.split(".");
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null;
  return parts.reduce((acc, p) => (acc << 8n) | BigInt(Number(p)), 0n);
}

function parseV6(text: string): bigint | null {
  if (!/^[0-9a-f:.]+$/i.test(text) || text.split("::").length > 2) return null;
  // An IPv4 tail ("::ffff:10.0.0.1") is two groups.
  let t = text;
  const v4 = t.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (v4) {
    const n = parseV4(v4[1]!);
    if (n === null) return null;
    t = `${t.slice(0, -v4[1]!.length)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const [head, tail] = t.split("::") as [string, string | undefined];
  const a = head ? head.split(":") : [];
  const b = tail ? tail.split(":") : [];
  const missing = 8 - a.length - b.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...a, ...Array(tail === undefined ? 0 : missing).fill("0"), ...b];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null;
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(Number.parseInt(g, 16)), 0n);
}

function parseAddress(text: string): Parsed | null {
  const t = text.trim().replace(/^\[|\]$/g, "");
  const v4 = parseV4(t);
  if (v4 !== null) return { bits: v4, width: 32 };
  const v6 = parseV6(t);
  if (v6 === null) return null;
  // An IPv4 address as IPv6 ("::ffff:10.0.0.1") is that IPv4 address.
  if (v6 >> 32n === 0xffffn) return { bits: v6 & 0xffffffffn, width: 32 };
  return { bits: v6, width: 128 };
}

/** "10.1.0.0/16" or "203.0.113.7" (or IPv6): the network and its prefix; null when it is not one. */
export function parseRange(text: string): { bits: bigint; width: 32 | 128; prefix: number } | null {
  const [address, prefix, extra] = text.trim().split("/");
  if (extra !== undefined || !address) return null;
  const parsed = parseAddress(address);
  if (!parsed) return null;
  if (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) return null;
  const n = prefix === undefined ? parsed.width : Number(prefix);
  if (n > parsed.width) return null;
  return { ...parsed, prefix: n };
}

/** Whether the text is (or nearly is) an address or range: what belongs in the Address field. */
export const looksLikeAddress = (text: string) =>
  parseRange(text) !== null || /^\d{1,3}(\.\d{1,3}){1,3}(\/\d{1,3})?$/.test(text.trim());

/** Whether `address` falls in one of `ranges` (false for an address that cannot be read). */
export function addressInRanges(address: string, ranges: string[]): boolean {
  const a = parseAddress(address);
  if (!a) return false;
  return ranges.some((r) => {
    const range = parseRange(r);
    if (!range || range.width !== a.width) return false;
    const shift = BigInt(range.width - range.prefix);
    return a.bits >> shift === range.bits >> shift;
  });
}
