import { describe, expect, it } from '@jest/globals';
import { JsonReplyStream, type JsonReplyEvent } from './json-reply-stream.js';

const reply = JSON.stringify({
  steps: [
    { text: 'Give "ORS" after each stool {not a brace}.', explanation: 'Back\\slash, [brackets] and é — ✓ 🩺', citation: 1 },
    { text: 'Give zinc 20 mg daily.', explanation: '', citation: 2, citations: [2, [3]] },
    { text: 'Refer if \u00abno\u00bb urine for 6 hours.', explanation: 'Line\nbreak', citation: 1 },
  ],
  title: 'Diarrhoea — children',
  notes: ['ignored', { text: 'not a step' }],
});

const whole = (): JsonReplyEvent[] => new JsonReplyStream('steps').push(reply);

describe('JsonReplyStream', () => {
  it('reports each element of the watched array and each top-level string field, in order', () => {
    const steps = JSON.parse(reply).steps;
    expect(whole().filter((event) => event.kind !== 'member')).toEqual([
      { kind: 'element', index: 0, value: steps[0] },
      { kind: 'element', index: 1, value: steps[1] },
      { kind: 'element', index: 2, value: steps[2] },
      { kind: 'field', key: 'title', value: 'Diarrhoea — children' },
    ]);
  });

  it("reports each member of an element as it completes, before the element, nested values left out", () => {
    const steps = JSON.parse(reply).steps;
    const events = whole();
    expect(events.slice(0, 4)).toEqual([
      { kind: 'member', index: 0, key: 'text', value: steps[0].text },
      { kind: 'member', index: 0, key: 'explanation', value: steps[0].explanation },
      { kind: 'member', index: 0, key: 'citation', value: 1 },
      { kind: 'element', index: 0, value: steps[0] },
    ]);
    expect(events.filter((event) => event.kind === 'member' && event.index === 1).map((event) => event.kind === 'member' && event.key)).toEqual(['text', 'explanation', 'citation']);
  });

  it('reports a number member only once what follows it shows that it has ended', () => {
    const stream = new JsonReplyStream('steps');
    expect(stream.push('{"steps": [{"citation": 12')).toEqual([]);
    expect(stream.push('3')).toEqual([]);
    expect(stream.push(', "text": "A"')).toEqual([
      { kind: 'member', index: 0, key: 'citation', value: 123 },
      { kind: 'member', index: 0, key: 'text', value: 'A' },
    ]);
    const done = stream.push('}, {"citation": -1.5e2, "ok": true, "no": null}]}');
    expect(done[0]).toEqual({ kind: 'element', index: 0, value: { citation: 123, text: 'A' } });
    expect(done.slice(1, 4).map((event) => event.kind === 'member' && event.value)).toEqual([-150, true, null]);
    expect(done[4]).toEqual({ kind: 'element', index: 1, value: { citation: -150, ok: true, no: null } });
  });

  it('gives the same events for a reply cut at every character', () => {
    const expected = whole();
    for (let cut = 0; cut <= reply.length; cut++) {
      const stream = new JsonReplyStream('steps');
      expect([...stream.push(reply.slice(0, cut)), ...stream.push(reply.slice(cut))]).toEqual(expected);
      expect(stream.complete).toBe(true);
    }
  });

  it('gives the same events for a UTF-8 reply cut at every byte, one byte at a time too', () => {
    const expected = whole();
    const bytes = new TextEncoder().encode(reply);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const stream = new JsonReplyStream('steps');
      expect([...stream.push(bytes.subarray(0, cut)), ...stream.push(bytes.subarray(cut))]).toEqual(expected);
    }
    const stream = new JsonReplyStream('steps');
    expect([...bytes].flatMap((byte) => stream.push(Uint8Array.of(byte)))).toEqual(expected);
  });

  it('reports an element the moment its closing brace arrives, not before', () => {
    const stream = new JsonReplyStream('steps');
    const firstClose = reply.indexOf('"citation":1}') + '"citation":1'.length;
    expect(stream.push(reply.slice(0, firstClose)).filter((event) => event.kind === 'element')).toEqual([]);
    expect(stream.push('}')).toEqual([
      { kind: 'member', index: 0, key: 'citation', value: 1 },
      { kind: 'element', index: 0, value: JSON.parse(reply).steps[0] },
    ]);
    expect(stream.complete).toBe(false);
  });

  it('skips a code fence before the object and stops at its end', () => {
    const stream = new JsonReplyStream('steps');
    const events = stream.push('```json\n{"title": "T", "steps": [{"text": "A"}]}\n```');
    expect(events).toEqual([
      { kind: 'field', key: 'title', value: 'T' },
      { kind: 'member', index: 0, key: 'text', value: 'A' },
      { kind: 'element', index: 0, value: { text: 'A' } },
    ]);
    expect(stream.complete).toBe(true);
  });

  it('is not complete when the reply is cut off', () => {
    const stream = new JsonReplyStream('steps');
    stream.push(reply.slice(0, -1));
    expect(stream.complete).toBe(false);
  });

  it("skips a reasoning model's think block, braces and all, however its tags arrive", () => {
    const thought = '<think>The reply must be {"steps": [...]}; keep it short.</think>\n';
    const whole = `${thought}{"title": "T", "steps": [{"text": "A"}]}`;
    const expected = [
      { kind: 'field', key: 'title', value: 'T' },
      { kind: 'member', index: 0, key: 'text', value: 'A' },
      { kind: 'element', index: 0, value: { text: 'A' } },
    ];
    for (let cut = 1; cut < thought.length; cut++) {
      const stream = new JsonReplyStream('steps');
      expect([...stream.push(whole.slice(0, cut)), ...stream.push(whole.slice(cut))]).toEqual(expected);
      expect(stream.complete).toBe(true);
    }
  });

  it('starts again after a closing think tag whose opening tag was in the prompt, even when the reasoning held a whole object', () => {
    const whole = 'Okay, the reply is {"title": "x"}.</think>\n{"title": "T", "steps": [{"text": "A"}]}';
    for (let cut = 1; cut < whole.length; cut++) {
      const stream = new JsonReplyStream('steps');
      const events = [...stream.push(whole.slice(0, cut)), ...stream.push(whole.slice(cut))];
      expect(events.slice(events.findIndex((event) => event.kind === 'field' && event.value === 'T'))).toEqual([
        { kind: 'field', key: 'title', value: 'T' },
        { kind: 'member', index: 0, key: 'text', value: 'A' },
        { kind: 'element', index: 0, value: { text: 'A' } },
      ]);
      expect(stream.complete).toBe(true);
    }
  });

  it('reads tags in capitals, and is not complete while a think block never closes', () => {
    const stream = new JsonReplyStream('steps');
    expect(stream.push('<THINK>{"title": "x"}</THINK>{"title": "T"}')).toEqual([{ kind: 'field', key: 'title', value: 'T' }]);
    const open = new JsonReplyStream('steps');
    expect(open.push('<think>{"title": "x"}')).toEqual([]);
    expect(open.complete).toBe(false);
  });
});
