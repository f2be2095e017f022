import { SseParser } from './sse-parser';

type Event = [event: string, data: string];

/** Feeds `body` to a parser in the given pieces (byte offsets) and returns the events it dispatched. */
function parse(body: Buffer, cuts: number[]): Event[] {
  const events: Event[] = [];
  const parser = new SseParser((event, data) => events.push([event, data]));
  let from = 0;
  for (const cut of [...cuts, body.length]) {
    parser.push(body.subarray(from, cut));
    from = cut;
  }
  return events;
}

const chunk = (content: string) => `{"choices":[{"index":0,"delta":{"content":${JSON.stringify(content)}}}]}`;

/** The OpenAI chat-completions stream format and the event-stream rules it rests on. */
const cases: { name: string; body: string; events: Event[] }[] = [
  {
    name: 'data lines, then [DONE]',
    body: `data: ${chunk('Hel')}\n\ndata: ${chunk('lo')}\n\ndata: [DONE]\n\n`,
    events: [
      ['', chunk('Hel')],
      ['', chunk('lo')],
      ['', '[DONE]'],
    ],
  },
  {
    name: 'CRLF and lone CR line ends',
    body: `data: ${chunk('a')}\r\n\r\ndata: ${chunk('b')}\r\rdata: [DONE]\r\n\r\n`,
    events: [
      ['', chunk('a')],
      ['', chunk('b')],
      ['', '[DONE]'],
    ],
  },
  {
    name: 'an event over several data lines is joined with newlines',
    body: 'data: {"choices":\ndata: [{"delta":{"content":"x"}}]}\n\n',
    events: [['', '{"choices":\n[{"delta":{"content":"x"}}]}']],
  },
  {
    name: 'keep-alive comments and unknown fields are skipped',
    body: `: keep-alive\n\n:\nid: 7\nretry: 10\ndata: ${chunk('x')}\nfoo: bar\n\n: OPENROUTER PROCESSING\n\n`,
    events: [['', chunk('x')]],
  },
  {
    name: 'an error object mid-stream, and an `event: error`',
    body: `data: ${chunk('a')}\n\ndata: {"error":{"message":"overloaded","type":"server_error"}}\n\nevent: error\ndata: {"message":"boom"}\n\n`,
    events: [
      ['', chunk('a')],
      ['', '{"error":{"message":"overloaded","type":"server_error"}}'],
      ['error', '{"message":"boom"}'],
    ],
  },
  {
    name: 'the finish reason and usage chunks',
    body: `data: {"choices":[{"delta":{},"finish_reason":"length"}]}\n\ndata: {"choices":[],"usage":{"completion_tokens":3}}\n\ndata: [DONE]\n\n`,
    events: [
      ['', '{"choices":[{"delta":{},"finish_reason":"length"}]}'],
      ['', '{"choices":[],"usage":{"completion_tokens":3}}'],
      ['', '[DONE]'],
    ],
  },
  {
    name: 'no space after the colon, a colon in the value, an empty data line',
    body: 'data:{"a":"b:c"}\n\ndata\n\ndata:\ndata:\n\n',
    events: [
      ['', '{"a":"b:c"}'],
      ['', ''],
      ['', '\n'],
    ],
  },
  {
    name: 'multi-byte UTF-8 text (split inside a character by some cuts)',
    body: `data: ${chunk('日本語 🎉 é')}\n\n`,
    events: [['', chunk('日本語 🎉 é')]],
  },
  {
    name: 'a byte-order mark at the start is ignored',
    body: `\uFEFFdata: ${chunk('x')}\n\n`,
    events: [['', chunk('x')]],
  },
  {
    name: 'an event the body ends in the middle of is dropped; an event with no data is not dispatched',
    body: `event: ping\n\ndata: ${chunk('a')}\n\ndata: ${chunk('cut')}`,
    events: [['', chunk('a')]],
  },
];

describe('SseParser', () => {
  describe.each(cases)('$name', ({ body, events }) => {
    const bytes = Buffer.from(body, 'utf8');

    it('in one read', () => {
      expect(parse(bytes, [])).toEqual(events);
    });

    it('split in two at every byte', () => {
      for (let cut = 0; cut <= bytes.length; cut++) expect([cut, parse(bytes, [cut])]).toEqual([cut, events]);
    });

    it('split in three at every pair of bytes', () => {
      for (let a = 1; a < bytes.length; a++)
        for (let b = a; b < bytes.length; b += 3)
          expect([a, b, parse(bytes, [a, b])]).toEqual([a, b, events]);
    });

    it('one byte per read', () => {
      expect(
        parse(
          bytes,
          Array.from({ length: bytes.length }, (_, i) => i),
        ),
      ).toEqual(events);
    });
  });
});
