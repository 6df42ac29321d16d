// Resident memory (RSS) of a process, in MB, as the operating system counts it (ps): what a server really holds.
import { execFileSync } from "node:child_process";

export function residentMb(pid) {
  const kb = Number(execFileSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" }).trim());
  return Math.round(kb / 1024);
}
