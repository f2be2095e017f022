import { parseCreatorHandle } from './parse-handle';

describe('parseCreatorHandle', () => {
  it.each([
    ['/@maya', 'maya'],
    ['/@maya.makes', 'maya.makes'],
    ['/@Maya_Makes-2', 'Maya_Makes-2'],
    ['/@maya/', 'maya'],
    ['/@@@maya', 'maya'],
    ['/@%40maya', 'maya'],
  ])('reads %s as the handle %s', (path, handle) => {
    expect(parseCreatorHandle(path)).toEqual({ ok: true, handle });
  });

  it('takes the last path segment', () => {
    expect(parseCreatorHandle('/@someone/maya')).toEqual({ ok: true, handle: 'maya' });
  });

  it.each([
    '/',
    '/maya',
    '/ai-chat',
    '/@',
    '/@@',
    '/@maya!',
    '/@ma ya',
    '/@maya//',
    '/@m%E0%A4%A',
    '/@mäya',
    '/@a/b c',
  ])('rejects %s as an invalid URL', (path) => {
    expect(parseCreatorHandle(path)).toEqual({ ok: false, error: 'Invalid URL format' });
  });
});
