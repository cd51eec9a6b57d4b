/**
 * Served agents start side by side except those that listen at one place, which start in plan
 * order (e63f51f). A place is a host and port; every name of this machine's loopback is one host
 * (QA174: `localhost:7101` and `127.0.0.1:7101` started side by side, and the second died "address
 * in use" where one after another it is refused with "another process holds its port").
 */
import { describe, expect, it } from 'vitest';
import { placeOf, startInTurn } from '../../src/executor/start-in-turn.js';

describe('placeOf', () => {
  it('names a url or a socket address by host and port, loopback names as one', () => {
    const same = [
      'http://localhost:7101/agent/respond',
      'http://127.0.0.1:7101',
      'http://[::1]:7101/info',
      'https://0.0.0.0:7101',
      '127.0.0.1:7101',
      'localhost:7101',
      '[::1]:7101',
      // QA181: a trailing dot (a fully qualified name) started side by side, and died "address in use".
      'http://localhost.:7101',
      'localhost.:7101',
      'LOCALHOST.:7101',
    ];
    expect(new Set(same.map(placeOf))).toEqual(new Set(['this-machine:7101']));
    expect(placeOf('http://LOCALHOST/x')).toBe('this-machine:80');
    expect(placeOf('https://agent.example.com/v1')).toBe('agent.example.com:443');
    expect(placeOf('https://agent.example.com.:443/v1')).toBe('agent.example.com:443');
    expect(placeOf('http://127.0.0.1:7102')).not.toBe(placeOf('http://127.0.0.1:7101'));
    expect(placeOf('unix:/tmp/agent.sock')).toBe('unix:/tmp/agent.sock');
    expect(placeOf('./agent.sock')).toBe('./agent.sock');
  });
});

describe('startInTurn', () => {
  it('starts agents at one place in plan order, the others at once', async () => {
    const served = (url: string) => ({ url, serve: {} });
    const configs: Record<string, object> = {
      a1: served('http://localhost:7101'),
      a2: served('http://127.0.0.1:7101/agent/respond'),
      a3: served('http://127.0.0.1:7103'),
      a4: { url: 'http://127.0.0.1:7101' }, // not served: no place of its own
    };
    const events: string[] = [];
    const release = new Map<string, () => void>();
    const starts = startInTurn(
      Object.keys(configs),
      (id) => configs[id],
      (id) => {
        events.push(`start ${id}`);
        return new Promise<string>((resolve) => release.set(id, () => resolve(id)));
      },
    );
    await new Promise((r) => setTimeout(r, 10));
    // a2 waits for a1 (one port, two names); a3 and a4 start at once.
    expect(events).toEqual(['start a1', 'start a3', 'start a4']);
    release.get('a1')!();
    await starts[0];
    await new Promise((r) => setTimeout(r, 10));
    expect(events).toEqual(['start a1', 'start a3', 'start a4', 'start a2']);
    for (const done of release.values()) done();
    expect(await Promise.all(starts)).toEqual(['a1', 'a2', 'a3', 'a4']);
  });
});
