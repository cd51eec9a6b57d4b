/**
 * QA74: `run.trace` was in every invoke key, so turning tracing on (to read RAIP's `raw` replies)
 * re-invoked a `chat` agent too, whose request (`POST /agent/respond {messages, metadata}`) and
 * record are the same bytes either way — a paid call per example × repeat for nothing. Only the
 * agents trace can change key it: RAIP (its context, `raw` kept) and `http` (`raw` kept).
 */
import { describe, it } from 'vitest';
import {
  applyColdPair,
  expectOnlyRaipReinvoked,
  useRaipAndChat,
  writeRaipChatPlan,
} from './raip-chat-pair.js';

const pair = useRaipAndChat();

describe('turning run.trace on re-invokes only agents it changes (QA74)', () => {
  it('re-invokes the RAIP agent, not the chat agent, and plan says so', async () => {
    const dir = pair.workspace('qa74-trace');
    writeRaipChatPlan(pair, dir, 'qa74', { trace: false });
    await applyColdPair(pair, dir);
    writeRaipChatPlan(pair, dir, 'qa74', { trace: true });
    await expectOnlyRaipReinvoked(
      pair,
      dir,
      'qa74',
      /~ invoke +qa74\/t1\[ra\] +4 runs +because run\.trace changed \(false → true\)/,
    );
  });
});
