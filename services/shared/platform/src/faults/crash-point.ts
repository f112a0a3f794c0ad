/**
 * A named point where the process kills itself with SIGKILL when `CAIRN_CRASH_POINT` names it:
 * crash-recovery tests stop a real process exactly there and start it again on the same data.
 * Unset in every deployment, it costs one comparison.
 */
export function crashPoint(name: string): void {
  if (process.env.CAIRN_CRASH_POINT === name) process.kill(process.pid, 'SIGKILL');
}
