/**
 * What `evalc apply` takes and gives back (the executor's contract with the CLI and the library
 * entry): its options, its outcome, and the run's summary counts.
 */
import type { Lockfile } from '../lockfile/types.js';
import type { Diagnostic } from '../plan/diagnostic.js';
import type { ProgressSink } from './progress.js';
import type { SchemaDrift } from './schema-drift.js';

export interface ApplyOptions {
  planFile: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  cacheDir?: string | undefined;
  outDir?: string | undefined;
  baseline?: string | undefined;
  locked?: boolean;
  frozen?: boolean;
  refresh?: boolean;
  updateLock?: boolean;
  only?: string | undefined;
  concurrency?: number | undefined;
  signal: AbortSignal;
  progress: ProgressSink;
  /**
   * The lines its notes offer, naming the plan as the user gave it (`evalc cache prune sub`,
   * `evalc apply sub --update-lock`, `evalc apply sub --refresh`); without them they name none, ./evalc.yaml's (QA245).
   */
  offer?: { prune: string; updateLock: string; refresh: string };
  /** The plan's warnings (it has no errors), told before anything runs. */
  onPlanWarnings?: (diagnostics: Diagnostic[]) => void;
}

/**
 * `--locked` promises that nothing evalc.lock pins changes; `--update-lock` rewrites pins (a RAIP
 * agent's new input schema or ETag). Together they are refused before anything runs (QA159: the
 * pair rewrote the lock's ETag; *choice*, as Terraform refuses `init -upgrade -lockfile=readonly`).
 */
export const LOCKED_WITH_UPDATE_LOCK =
  '--locked and --update-lock contradict each other: --locked refuses any change to what evalc.lock pins, --update-lock pins a changed input schema or ETag; run `evalc apply --update-lock` to accept the change, then `--locked` checks against it';

export type ApplyOutcome =
  | { status: 'invalid'; diagnostics: Diagnostic[] }
  /** `reason`: a refusal a CI wrapper can act on without reading the message. */
  | {
      status: 'refused';
      message: string;
      reason?: 'locked' | 'frozen' | 'schema_drift';
      /** The evalc version that wrote evalc.lock, when it is not this one (a `--frozen` refusal's hint names it). */
      lockWrittenBy?: string;
      /** `--frozen`: every missing step failed in the run that wrote evalc.lock (never cached). */
      lockFailures?: boolean;
      /** `--frozen`: evalc.lock records missing answers under other keys, their inputs unchanged (QA156). */
      lockRekeyed?: boolean;
    }
  | { status: 'interrupted'; message: string }
  /** The run stopped on an error of its own environment (the cache could not be written). */
  | { status: 'failed'; message: string }
  | {
      status: 'done';
      lock: Lockfile;
      lockFile: string;
      reportsDir: string;
      summary: RunSummary;
      /** An up-to-date apply's reports rendered from a cache missing some of the lock's answers: why their details are. */
      reportsNote?: string;
    };

export interface RunSummary {
  examples: number;
  invoked: number;
  errors: number;
  errorKinds: Record<string, number>;
  gatesFailed: number;
  /** Set when evalc.lock already recorded every step of this plan: nothing ran. */
  upToDate?: boolean;
  /** RAIP agents that refused too many schema-fitting inputs with 400 ajvErrors (R8). */
  schemaDrift?: SchemaDrift[];
  /** Calls sent to the judges (a verdict the cache held is none), when there were any (QA352). */
  judged?: number;
  /** HTTP retries sent to the agents (beyond each request's first attempt), when there were any. */
  retries?: number;
  /** Agents whose preflight examples all failed: the rest of their batch was not sent. */
  preflightFailed?: string[];
  /**
   * Agents none of whose examples could be scored (each repeat has an error kind, e.g. every
   * request refused, or its preflight failed): the run evaluated nothing for them.
   */
  unevaluated?: string[];
  /** Each judge's first failed call, said after 'judge X scored nothing' (QA295); by judge id. */
  judgeFirstFailures?: Record<string, string>;
}
