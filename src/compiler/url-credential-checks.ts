/**
 * EVALC_URL_CREDENTIALS (plan-checks.ts): a URL that carries credentials — `user:password@`, which
 * evalc never sends, or a credential in its query (`?code=`, url-secrets.ts), which it sends but
 * masks — is written in a plan that is committed to git: validate says so and points at a header.
 */
import type { Diagnostic, PlanPath } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { LoadedPlan } from '../plan/load.js';
import type { Plan } from '../plan/schema.js';
import { isQueryCredential, urlQueryCredentialNames } from '../plan/url-secrets.js';
import { stripUserInfo } from './identities.js';

export function urlCredentialDiagnostics(
  plan: Plan,
  at: (p: PlanPath, key?: string) => ReturnType<LoadedPlan['locate']>,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  // Credentials in a URL (http://user:pass@host) are never sent (nor written to the lock), and a
  // plan is committed to git: say so, and point at a header with a secret from the environment.
  const withCredentials = [
    ...Object.entries(plan.agents).map(([id, c]) => [['agents', id, 'url'], c.url] as const),
    ...Object.entries(plan.judges).map(([id, c]) => [['judges', id, 'url'], c.url] as const),
    // A served process's readiness URL: it is polled without them too (they cannot be fetched).
    ...Object.entries(plan.agents).map(
      ([id, c]) => [['agents', id, 'serve', 'ready', 'url'], c.serve?.ready?.url] as const,
    ),
    ...Object.entries(plan.judges).map(
      ([id, c]) => [['judges', id, 'serve', 'ready', 'url'], c.serve?.ready?.url] as const,
    ),
    // A remote dataset is fetched without them too (QA40: validate said nothing).
    ...Object.entries(plan.tasks).flatMap(([t, task]) =>
      Object.entries(task.datasets).map(
        ([d, ds]) => [['tasks', t, 'datasets', d, 'source'], ds.source] as const,
      ),
    ),
  ];
  // A credential in a query (`?code=`): masked and kept out of keys, but written in the plan (QA160).
  // Not a `${env.X}` there: that is no credential written in the plan, and is refused where it
  // stands (QA165: the warning said it was "written in a committed plan" beside that error).
  for (const [path, url] of withCredentials.filter(([p]) => p[0] !== 'tasks')) {
    const names = urlQueryCredentialNames(url, true);
    if (names.length > 0)
      out.push(
        diagnostic(
          'EVALC_URL_CREDENTIALS',
          `the url's query carries a credential (${names.map((n) => `\`${n}=\``).join(', ')}): evalc masks it in what it writes and keeps it out of content keys, but it is written in a committed plan`,
          [...path],
          {
            severity: 'warning',
            source: at([...path]),
            hint: queryCredentialHint(path),
          },
        ),
      );
  }
  // A credential in the path (`/respond;sig=…`, a matrix parameter) is path: kept as written in
  // evalc.lock, the reports and messages (QA208: validate's excerpt alone starred it, nothing said so).
  for (const [path, url] of withCredentials) {
    const names = pathCredentialNames(url);
    if (names.length > 0)
      out.push(
        diagnostic(
          'EVALC_URL_CREDENTIALS',
          `the url's path carries what reads as a credential (${names.map((n) => `\`${n}=\``).join(', ')}): evalc masks a credential in the query only, and keeps the path as written in evalc.lock, the reports and messages`,
          [...path],
          {
            severity: 'warning',
            source: at([...path]),
            hint: path.includes('ready')
              ? queryCredentialHint(path)
              : `move it into the query (?name=…), which evalc masks and keeps out of content keys${path[0] === 'tasks' ? '' : ', or send it in a header if the server reads one'}`,
          },
        ),
      );
  }
  // A credential in the fragment (`#access_token=…`, OAuth's implicit form; `?x=1#y&token=…`) is
  // never sent, and kept as written in evalc.lock, the reports and messages (636e38d): nothing said so (QA222).
  for (const [path, url] of withCredentials) {
    const names = fragmentCredentialNames(url);
    if (names.length > 0)
      out.push(
        diagnostic(
          'EVALC_URL_CREDENTIALS',
          `the url's fragment carries what reads as a credential (${names.map((n) => `\`${n}=\``).join(', ')}): evalc never sends a fragment, and keeps it as written in evalc.lock, the reports and messages`,
          [...path],
          {
            severity: 'warning',
            source: at([...path]),
            hint: 'remove it: what follows `#` never reaches the server',
          },
        ),
      );
  }
  for (const [path, url] of withCredentials) {
    if (typeof url !== 'string' || stripUserInfo(url) === url) continue;
    const dataset = path[0] === 'tasks';
    // A token alone (`https://TOKEN@host`, GitHub's form) is a bearer token, not a Basic login (QA160).
    const token = !url
      .slice(0, url.indexOf('@'))
      .slice(url.indexOf('//') + 2)
      .includes(':');
    out.push(
      diagnostic(
        'EVALC_URL_CREDENTIALS',
        token
          ? 'the url carries a token (token@): evalc never sends it and it does not belong in a committed plan'
          : 'the url carries credentials (user:password@): evalc never sends them and they do not belong in a committed plan',
        [...path],
        {
          severity: 'warning',
          source: at([...path]),
          hint: dataset
            ? 'remove them: evalc fetches a dataset without credentials (serve it where none are needed, or keep the file beside the plan)'
            : token
              ? 'remove it and send a header instead: headers: { authorization: "Bearer ${env.AGENT_TOKEN}" }'
              : 'remove them and send a header instead: headers: { authorization: "Basic ${env.AGENT_BASIC_AUTH}" }',
        },
      ),
    );
  }
  return out;
}

/**
 * Where a query credential can go instead: a judge's header (QA198: a judge's url was told "if the
 * agent reads one"); none for a readiness url, polled until any status below 500 (a 401 too).
 */
function queryCredentialHint(path: readonly string[]): string {
  if (path.includes('ready'))
    return 'remove it: the readiness url is polled until it answers with any status below 500, a 401 too, so it needs no credential';
  const who = path[0] === 'judges' ? 'judge' : 'agent';
  const env = who === 'judge' ? 'JUDGE_KEY' : 'AGENT_KEY';
  return `send it in a header if the ${who} reads one (Azure Functions: x-functions-key; Google APIs: x-goog-api-key): headers: { x-functions-key: "\${env.${env}}" }`;
}

/** The `;name`/`&name` of `;name=value` and `&name=value` pieces of a url's path (before its `?` or `#`) that read as credentials. */
function pathCredentialNames(url: string | undefined): string[] {
  if (typeof url !== 'string') return [];
  const scheme = url.indexOf('://');
  const rest = url.slice(scheme === -1 ? 0 : scheme + 3);
  const urlPath = rest.slice(rest.indexOf('/') === -1 ? rest.length : rest.indexOf('/')).split(/[?#]/)[0]!;
  return (
    urlPath
      .split('/')
      // each piece keeps the `;` or `&` before it: `/api&code=…`, the `?` forgotten, is path too (QA211)
      .flatMap((segment) => segment.split(/(?=[;&])/))
      .filter((piece) => /^[;&]/.test(piece) && isQueryCredential(piece.slice(1)) && !piece.includes('${'))
      .map((piece) => piece.slice(0, piece.indexOf('=')))
  );
}

/** The `#name`/`&name` of `name=value` pieces of a url's fragment (after its first `#`) that read as credentials. */
function fragmentCredentialNames(url: string | undefined): string[] {
  if (typeof url !== 'string' || !url.includes('#')) return [];
  return url
    .slice(url.indexOf('#'))
    .split(/(?=[#?&;])/)
    .filter((piece) => isQueryCredential(piece.slice(1)) && !piece.includes('${'))
    .map((piece) => piece.slice(0, piece.indexOf('=')));
}
