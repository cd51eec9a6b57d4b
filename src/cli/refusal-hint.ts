import { EVALC_VERSION } from '../version.js';
import { shellWord } from './shell-word.js';

/**
 * What a developer does next when `apply` refuses in CI: a refused run's message says what
 * drifted or is missing; the hint says how to make the branch pass. Matched on the refusal's
 * own prefix (`--locked:`, `--frozen:`) and on schema drift, which stops a run with or without
 * `--locked`. Other refusals (an agent that did not start, a bad setting) need no hint here.
 */

/**
 * A one-line hint for a refused apply, or undefined when the message says enough. `reason` is the
 * refusal's kind when apply gave one (`--json`'s `reason`); else the message's prefix decides.
 */
export function refusalHint(
  message: string,
  reason?: 'locked' | 'frozen' | 'schema_drift',
  lockWrittenBy?: string,
  lockFailures?: boolean,
  lockRekeyed?: boolean,
  /** The lock as `git checkout --` takes it from where apply runs (`sub/evalc.lock`, QA192). */
  lockPath = 'evalc.lock',
  /** The plan as apply was given it (`evalc apply --locked sub`), named in the lines offered. */
  plan?: string,
  /** The --cache-dir apply was given: the run offered keeps the cache --frozen reads (QA245). */
  cacheDir?: string,
): string | undefined {
  const hint = hintText(message, reason, lockWrittenBy, lockFailures, lockRekeyed, lockPath);
  if (hint === undefined || (plan === undefined && cacheDir === undefined)) return hint;
  // `evalc apply --locked sub` was told to run `evalc plan`, then `evalc apply`: ./evalc.yaml (QA234).
  const named = plan === undefined ? '' : ` ${shellWord(plan.startsWith('-') ? `./${plan}` : plan)}`;
  // `apply --frozen --cache-dir c` was told to run `evalc apply` and keep that run's cache: it wrote
  // .evalc/cache, and --frozen --cache-dir c was refused again (QA245).
  const cache = cacheDir === undefined ? '' : ` --cache-dir ${shellWord(cacheDir)}`;
  return hint
    .replaceAll('`evalc apply', `\`evalc apply${named}${cache}`)
    .replaceAll('`evalc plan`', `\`evalc plan${named}${cache}\``);
}

function hintText(
  message: string,
  reason: 'locked' | 'frozen' | 'schema_drift' | undefined,
  lockWrittenBy: string | undefined,
  lockFailures: boolean | undefined,
  lockRekeyed: boolean | undefined,
  lockPath: string,
): string | undefined {
  if (
    reason === 'schema_drift' ||
    (reason === undefined && message.includes('input schema drifted since evalc.lock'))
  )
    return 'if the new schema is intended, run `evalc apply --update-lock` where the agent is reachable and commit evalc.lock; CI then passes with the new pins.';
  // A folder named evalc.lock, or another user's file: "run apply without --locked" met the same
  // thing (QA188).
  if (message.startsWith('--locked: evalc.lock beside the plan cannot be read'))
    return `put the committed lockfile back in its place, readable by the user evalc runs as (remove what stands there, then \`git checkout -- ${lockPath}\`): --locked checks this branch against it.`;
  // A link to nothing (QA223): restore what it points to, or write the lock as for none.
  if (/^--locked: no lockfile at .*: it is a link to /.test(message))
    return `put back the lockfile the link points to, or remove the link and run \`evalc apply\` once without --locked to write evalc.lock, and commit it: --locked checks this branch against it.`;
  if (message.startsWith('--locked: there is no evalc.lock'))
    return 'run `evalc apply` once without --locked to write evalc.lock, and commit it: --locked then checks this branch against it.';
  if (reason === 'locked' || message.startsWith('--locked:'))
    return 'evalc.lock does not match this branch: run `evalc plan` to see what changed, then `evalc apply` and commit evalc.lock (a refused --locked run writes nothing).';
  // After an upgrade the steps are keyed by the new evalc: a restored cache holds them under the old
  // keys, so "restore the cache" sent developers after a cache they had (QA81).
  const frozen = reason === 'frozen' || message.startsWith('--frozen:');
  // QA317: scores whose judge input was over its limit fail again on a plain apply: raise the limit first.
  if (frozen && lockFailures && message.includes('limits.maxInputBytes, so it was never sent'))
    return 'raise the limits.maxInputBytes the message names, or change what those judge metrics send, then run `evalc apply` without --frozen (it judges those scores only, every agent answer being cached) and commit evalc.lock.';
  if (frozen && lockFailures)
    return /^--frozen: \d+ judge scores? (is|are) not cached/.test(message)
      ? "the judge scores --frozen lacks failed in the run that wrote evalc.lock, and a judge's failure is never cached: run `evalc apply` without --frozen (it asks the judges again for those scores only, every agent answer being cached) and commit evalc.lock."
      : 'the steps --frozen lacks failed in the run that wrote evalc.lock, and a transient failure is never cached: run `evalc apply` without --frozen (it asks the agents again for those examples only) and commit evalc.lock.';
  // The lock records them under other keys, the inputs unchanged: no earlier cache holds them (QA156).
  if (frozen && lockRekeyed)
    return "run `evalc apply` once without --frozen (it asks the agents again for those examples only), commit evalc.lock, and keep that run's cache for --frozen.";
  if (frozen && lockWrittenBy !== undefined)
    return `evalc.lock was written by evalc ${lockWrittenBy} and this is evalc ${EVALC_VERSION}, whose step keys may differ (a key holds the version of the code that computes it): a cache the earlier evalc wrote does not answer them. Run \`evalc apply\` once without --frozen with this evalc, commit evalc.lock, and keep that run's cache for --frozen.`;
  // Judge scores are listed only when every agent answer is cached (QA167: it said "to call the agents").
  const callees = /^--frozen: \d+ judge scores? (is|are) not cached/.test(message)
    ? 'the judges (every agent answer is cached)'
    : 'the agents';
  if (reason === 'frozen' || message.startsWith('--frozen:'))
    return `--frozen answers from the cache only: restore the cache a run of this branch wrote (the folder of --cache-dir / EVALC_CACHE_DIR, or .evalc/cache), or run without --frozen to call ${callees}.`;
  return undefined;
}
