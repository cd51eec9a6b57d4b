/** `1 entry`, `13 entries`, `1 byte`: cache stats and prune read `1 entries`, `1 damaged line(s)` (QA219, QA223). */
export function countSaid(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
