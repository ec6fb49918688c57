/**
 * The stack's children are started by the jest global setup, in another process than the tests, and the stack
 * handle does not expose their pids. A service is found the way an operator would find it: by the process
 * that owns the listening socket of its port (/proc/net/tcp{,6} -> socket inode -> /proc/<pid>/fd). Linux only.
 */
import { readdir, readFile, readlink } from 'node:fs/promises';

/** Inodes of the sockets listening on `port` (any local address, IPv4 or IPv6). */
async function listeningInodes(port: number): Promise<Set<string>> {
  const inodes = new Set<string>();
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = await readFile(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
      const [, local, , state, , , , , , inode] = columns;
      if (!local || !inode || state !== '0A') continue; // 0A = LISTEN
      if (local.split(':')[1] === hexPort) inodes.add(inode);
    }
  }
  return inodes;
}

/** The pid of the process listening on `port` on this machine; throws when there is none. */
export async function pidListeningOn(port: number): Promise<number> {
  const inodes = await listeningInodes(port);
  if (inodes.size === 0) throw new Error(`Nothing listens on port ${port}`);
  const wanted = new Set([...inodes].map((inode) => `socket:[${inode}]`));
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = await readdir(`/proc/${entry}/fd`);
    } catch {
      continue; // gone, or not ours to look at
    }
    for (const fd of fds) {
      try {
        if (wanted.has(await readlink(`/proc/${entry}/fd/${fd}`))) return Number(entry);
      } catch {
        // the descriptor closed meanwhile
      }
    }
  }
  throw new Error(`No process found owning the listening socket of port ${port}`);
}

/** The pid of the stack's process answering at `baseUrl` (e.g. stackInfo().serviceUrls.auth). */
export function pidOfService(baseUrl: string): Promise<number> {
  return pidListeningOn(Number(new URL(baseUrl).port));
}

/** The process state letter from /proc/<pid>/stat: R running, S sleeping, T stopped, Z zombie... */
export async function processState(pid: number): Promise<string | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) S ...": comm may contain spaces and parentheses; the state follows the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return null;
  }
}
