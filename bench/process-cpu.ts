// CPU seconds (and memory) as Linux accounts them in /proc, for benches that run real processes. A process's
// /proc/<pid>/stat counts every thread it has (the embedding and extraction worker threads), but
// not its child processes until they exit (a node:cluster primary's HTTP workers), so a node is
// measured as its whole process tree. Off Linux every figure reads 0.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** user + system CPU seconds of one process (all its threads); 0 when it is gone. */
export function processCpuSeconds(pid: number): number {
  try {
    // The command name in parentheses may hold spaces: fields are counted after its ")".
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function threadsOf(pid: number): string[] {
  try {
    return readdirSync(`/proc/${pid}/task`);
  } catch {
    return []; // it ended meanwhile
  }
}

/** The process and all its descendants, from each thread's `children` list. */
export function processTree(pid: number): number[] {
  const found = [pid];
  for (let i = 0; i < found.length; i += 1) {
    const parent = found[i] as number;
    for (const task of threadsOf(parent)) {
      try {
        const children = readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8').trim();
        if (children) found.push(...children.split(' ').map(Number));
      } catch {
        // the thread ended meanwhile
      }
    }
  }
  return found;
}

/** CPU seconds per pid now, for a later `cpuSince`. */
export function cpuSnapshot(pids: number[]): Map<number, number> {
  return new Map(pids.map((pid) => [pid, processCpuSeconds(pid)]));
}

/** CPU seconds used by `pids` since `before` (a pid absent from it started meanwhile: counted whole). */
export function cpuSince(before: Map<number, number>, pids: number[]): number {
  return pids.reduce((sum, pid) => sum + Math.max(0, processCpuSeconds(pid) - (before.get(pid) ?? 0)), 0);
}

/** Busy CPU seconds of the whole machine (all cores, every process) so far, from /proc/stat. */
export function machineBusySeconds(): number {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    // user nice system idle iowait irq softirq steal: idle and iowait are not busy.
    const busy = cpu.slice(0, 8).reduce((sum, value, i) => (i === 3 || i === 4 ? sum : sum + value), 0);
    return busy / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Resident memory of one process in bytes (all its threads share it); 0 when it is gone. */
export function processRssBytes(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('VmRSS:'));
    return Number(line?.split(/\s+/)[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}
