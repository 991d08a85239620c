import type { ChildProcess } from 'node:child_process';

export interface TopologyInstance {
  /** A, B, … */
  name: string;
  port: number;
  metricsPort: number;
  /** Where the instance's output (its JSON log) goes. */
  log: string;
  process: ChildProcess | null;
  start(): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface Topology {
  /** nginx, over plain HTTP. */
  url: string;
  wsUrl: string;
  schema: string;
  databaseUrl: string;
  instances: TopologyInstance[];
  dir: string;
  close(): Promise<void>;
}

export interface TopologyOptions {
  databaseUrl?: string;
  redisUrl?: string;
  instances?: number;
  env?: Record<string, string>;
}

export function ensureNginx(): void;
export function ensureServerBuilt(): void;
export function freePort(): Promise<number>;
export function nginxConfigFor(options: { port: number; upstreams: string[]; dir: string }): string;
export function startTopology(options?: TopologyOptions): Promise<Topology>;
