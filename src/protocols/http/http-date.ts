/**
 * HTTP-date (RFC 9110 §5.6.7), as a `Retry-After` may carry it, read strictly (QA27). The
 * three forms a recipient must accept, all in GMT:
 *
 *   IMF-fixdate  Sun, 06 Nov 1994 08:49:37 GMT
 *   RFC 850      Sunday, 06-Nov-94 08:49:37 GMT   (a two-digit year more than 50 years ahead is the century before)
 *   asctime      Sun Nov  6 08:49:37 1994         (no zone written: GMT, never the local time)
 *
 * `Date.parse` is not used: V8 reads almost anything as a date (`-1`, `+5`, `2, 2` — the value of
 * a repeated `Retry-After: 2` header — are days in 2001, so a wait of 0 and an immediate retry) and
 * reads the asctime form in the machine's local time zone.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY = '(?:mon|tue|wed|thu|fri|sat|sun)';
const LONG_DAY = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)';
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)';
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';
const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} gmt$`);
const RFC_850 = new RegExp(`^${LONG_DAY}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} gmt$`);
const ASCTIME = new RegExp(`^${DAY} ${MONTH} ( \\d|\\d{2}) ${TIME} (\\d{4})$`);

/** Epoch milliseconds of an HTTP-date, or undefined when `value` is not one. */
export function parseHttpDate(value: string, now: number = Date.now()): number | undefined {
  const text = value.trim().toLowerCase();
  let match = IMF_FIXDATE.exec(text);
  if (match) return utc(match[3], match[2], match[1], match[4], match[5], match[6]);
  match = RFC_850.exec(text);
  if (match) return utc(fullYear(Number(match[3]), now), match[2], match[1], match[4], match[5], match[6]);
  match = ASCTIME.exec(text);
  if (match) return utc(match[6], match[1], match[2], match[3], match[4], match[5]);
  return undefined;
}

/** RFC 9110: a two-digit year that would be more than 50 years in the future is the century before. */
function fullYear(twoDigits: number, now: number): number {
  const year = 2000 + twoDigits;
  return year > new Date(now).getUTCFullYear() + 50 ? year - 100 : year;
}

function utc(
  year: string | number | undefined,
  month: string | undefined,
  day: string | undefined,
  hours: string | undefined,
  minutes: string | undefined,
  seconds: string | undefined,
): number | undefined {
  const monthIndex = MONTHS.indexOf(month ?? '');
  const [y = Number.NaN, d = Number.NaN, h = Number.NaN, m = Number.NaN, s = Number.NaN] = [
    year,
    day,
    hours,
    minutes,
    seconds,
  ].map((part) => Number(String(part).trim()));
  if (monthIndex < 0 || ![y, d, h, m, s].every(Number.isInteger)) return undefined;
  const date = new Date(Date.UTC(y, monthIndex, d, h, m, s));
  // 31 Feb or 25:00:00 is no date (Date.UTC would roll it over into the next month or day).
  const exact =
    date.getUTCMonth() === monthIndex &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === m &&
    date.getUTCSeconds() === s;
  return exact ? date.getTime() : undefined;
}
