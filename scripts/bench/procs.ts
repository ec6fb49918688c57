/**
 * Memory (RSS) and CPU time of the stack's processes, read from /proc (Linux). The processes are found by the
 * TCP port they listen on, so this works for a stack the benchmark started and for one it only points at
 * (as long as it runs on this machine as a user whose /proc entries we can read).
 */
import { readdir, readFile, readlink } from 'node:fs/promises';

export interface Watched {
  name: string;
  port: number;
}

export interface ProcessInfo {
  name: string;
  pid: number;
  /** For PostgreSQL: the postmaster; its backends are counted in CPU (not in RSS: shared buffers would count twice). */
  children: boolean;
}

const CLOCK_TICKS = 100;

async function listeningInodes(ports: Set<number>): Promise<Map<string, number>> {
  const inodes = new Map<string, number>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = await readFile(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || fields[3] !== '0A') continue;
      const port = Number.parseInt(fields[1]?.split(':')[1] ?? '', 16);
      const inode = fields[9];
      if (ports.has(port) && inode && inode !== '0') inodes.set(inode, port);
    }
  }
  return inodes;
}

/** Which process listens on each port (the lowest pid when several share a socket). */
export async function findListeners(watched: readonly Watched[]): Promise<ProcessInfo[]> {
  const inodes = await listeningInodes(new Set(watched.map((w) => w.port)));
  const pidByPort = new Map<number, number>();
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = await readdir(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = await readlink(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const match = /^socket:\[(\d+)\]$/.exec(target);
      const port = match?.[1] ? inodes.get(match[1]) : undefined;
      if (port !== undefined) {
        const known = pidByPort.get(port);
        if (known === undefined || Number(pid) < known) pidByPort.set(port, Number(pid));
      }
    }
  }
  return watched.flatMap((w) => {
    const pid = pidByPort.get(w.port);
    return pid === undefined ? [] : [{ name: w.name, pid, children: w.name === 'postgres' }];
  });
}

async function status(pid: number): Promise<{ rssKb: number; hwmKb: number } | null> {
  try {
    const text = await readFile(`/proc/${pid}/status`, 'utf8');
    const field = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
    return { rssKb: field('VmRSS'), hwmKb: field('VmHWM') };
  } catch {
    return null;
  }
}

interface Stat {
  ppid: number;
  /** utime + stime, and with `reaped` also cutime + cstime (children that exited), in ticks. */
  ticks: number;
}

async function stat(pid: number, reaped: boolean): Promise<Stat | null> {
  try {
    const text = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): utime is field 14, stime 15, cutime 16, cstime 17; ppid is field 4.
    const n = (field: number) => Number(fields[field - 3] ?? 0);
    return { ppid: n(4), ticks: n(14) + n(15) + (reaped ? n(16) + n(17) : 0) };
  } catch {
    return null;
  }
}

export interface MemorySample {
  name: string;
  pid: number;
  rssMb: number;
  /** Peak RSS since the process started. */
  peakRssMb: number;
}

export async function sampleMemory(processes: readonly ProcessInfo[]): Promise<MemorySample[]> {
  const samples: MemorySample[] = [];
  for (const p of processes) {
    const s = await status(p.pid);
    if (s) samples.push({ name: p.name, pid: p.pid, rssMb: round1(s.rssKb / 1024), peakRssMb: round1(s.hwmKb / 1024) });
  }
  return samples;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

async function allStats(): Promise<Array<{ pid: number; stat: Stat }>> {
  const all: Array<{ pid: number; stat: Stat }> = [];
  for (const entry of (await readdir('/proc')).filter((e) => /^\d+$/.test(e))) {
    const s = await stat(Number(entry), false);
    if (s) all.push({ pid: Number(entry), stat: s });
  }
  return all;
}

/**
 * A parent (the postmaster) with its children: its own time, the time of the children it has reaped, and the
 * time of the live ones. A child that exits while we read would be counted twice or not at all (its time moves
 * to the parent's "reaped" total), so the read is repeated until the set of children stays the same around it.
 */
async function familyTicks(pid: number): Promise<number | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const before = (await allStats()).filter((p) => p.stat.ppid === pid);
    const own = await stat(pid, true);
    if (!own) return null;
    const after = new Set((await allStats()).filter((p) => p.stat.ppid === pid).map((p) => p.pid));
    if (before.length === after.size && before.every((p) => after.has(p.pid))) {
      return before.reduce((sum, p) => sum + p.stat.ticks, own.ticks);
    }
  }
  return null;
}

/** CPU seconds used so far by each process (PostgreSQL: the postmaster and every backend). */
export async function sampleCpu(processes: readonly ProcessInfo[]): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const p of processes) {
    const ticks = p.children ? await familyTicks(p.pid) : ((await stat(p.pid, false))?.ticks ?? null);
    if (ticks !== null) result[p.name] = ticks / CLOCK_TICKS;
  }
  const self = process.cpuUsage();
  result['bench (autocannon)'] = (self.user + self.system) / 1e6;
  return result;
}

export interface CpuUse {
  /** Share of one core during the run (100 = one core busy the whole time). */
  percent: number;
  /** CPU milliseconds per completed request. */
  msPerRequest: number;
}

/** CPU used by each process between two samples. */
export function cpuUse(
  before: Record<string, number>,
  after: Record<string, number>,
  seconds: number,
  requests: number,
): Record<string, CpuUse> {
  const use: Record<string, CpuUse> = {};
  for (const [name, value] of Object.entries(after)) {
    const start = before[name];
    if (start === undefined || seconds <= 0) continue;
    const used = value - start;
    use[name] = {
      percent: Math.round((used / seconds) * 100),
      msPerRequest: requests > 0 ? Math.round((used * 1000 * 100) / requests) / 100 : 0,
    };
  }
  return use;
}
