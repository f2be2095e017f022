import type { WritePacket } from '@nestjs/microservices';
import { concat, defer, from, of, Subject, throwError } from 'rxjs';
import { publishReplies } from './reply-publisher';

/** The packets a stream is published as, once every microtask has run. */
async function packetsOf(replies$: Parameters<typeof publishReplies>[0]): Promise<WritePacket[]> {
  const packets: WritePacket[] = [];
  publishReplies(replies$, (packet) => packets.push(packet));
  await new Promise((resolve) => setImmediate(resolve));
  return packets;
}

describe('publishReplies', () => {
  it('sends a single reply and its end as one packet, as Nest did', async () => {
    expect(await packetsOf(of({ ok: true }))).toEqual([{ response: { ok: true }, isDisposed: true }]);
    expect(await packetsOf(from(Promise.resolve(7)))).toEqual([{ response: 7, isDisposed: true }]);
  });

  it('sends a stream value by value in order, the last one with the end', async () => {
    expect(await packetsOf(of(1, 2, 3))).toEqual([
      { response: 1 },
      { response: 2 },
      { response: 3, isDisposed: true },
    ]);
  });

  it('sends each value of a live stream without waiting for the next one', async () => {
    const values = new Subject<number>();
    const packets: WritePacket[] = [];
    publishReplies(values, (packet) => packets.push(packet));
    values.next(1);
    await Promise.resolve();
    expect(packets).toEqual([{ response: 1 }]);
    values.next(2);
    await Promise.resolve();
    values.complete();
    expect(packets).toEqual([{ response: 1 }, { response: 2 }, { isDisposed: true }]);
  });

  it('sends the values before an error, then the error as the last packet', async () => {
    const failure = { code: 'X', message: 'y' };
    expect(
      await packetsOf(
        concat(
          of('a'),
          defer(() => throwError(() => failure)),
        ),
      ),
    ).toEqual([{ response: 'a' }, { err: failure, isDisposed: true }]);
  });

  it('sends an empty stream as its end alone', async () => {
    expect(await packetsOf(of())).toEqual([{ isDisposed: true }]);
  });
});
