import net from 'node:net';
import os from 'node:os';

/** localhost, a name under .localhost, a loopback address, or one of this machine's own addresses. */
export function isThisMachine(hostname: string, machineAddresses = localAddresses()): boolean {
  const host = bare(hostname);
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (!net.isIP(host)) return false;
  return host.startsWith('127.') || host === '::1' || machineAddresses.has(host);
}

/** Spec §2 /dev/*, DESIGN.md: this machine, or a host whose name contains an allow-listed part. */
export function servesDeveloperPages(hostname: string, allowList: readonly string[]): boolean {
  const host = bare(hostname);
  return isThisMachine(host) || allowList.some((part) => host.includes(part));
}

/** Spec §9: development on localhost (or this machine's address) and on hosts with dev- or staging. */
export function isDevelopmentHost(hostname: string): boolean {
  const host = bare(hostname);
  return isThisMachine(host) || host.includes('dev-') || host.includes('staging');
}

function bare(hostname: string): string {
  return hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

function localAddresses(): Set<string> {
  return new Set(
    Object.values(os.networkInterfaces())
      .flat()
      .map((info) => info?.address)
      .filter((address): address is string => !!address),
  );
}
