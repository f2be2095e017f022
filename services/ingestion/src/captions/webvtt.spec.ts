import { WebVttError, webVttToText } from './webvtt';

describe('webVttToText', () => {
  it('keeps the cue text in order and drops header, notes, ids, timings and tags', () => {
    const track = [
      'WEBVTT - made by hand',
      '',
      'NOTE this is a comment',
      'over two lines',
      '',
      'STYLE',
      '::cue { color: red }',
      '',
      '1',
      '00:00.000 --> 00:02.000 align:start',
      '<v Maya>Centre the clay</v> first,',
      '',
      '00:00:02.000 --> 00:00:04.500',
      '<i>always</i> &amp; forever &lt;3',
      '',
    ].join('\r\n');
    expect(webVttToText(track)).toBe('Centre the clay first, always & forever <3');
  });

  it('joins a line repeated by rolling captions once', () => {
    const track =
      'WEBVTT\n\n00:00.000 --> 00:01.000\nhello there\n\n00:01.000 --> 00:02.000\nhello there\nfriends\n';
    expect(webVttToText(track)).toBe('hello there friends');
  });

  it('refuses a track without the WEBVTT signature', () => {
    expect(() => webVttToText('1\n00:00.000 --> 00:01.000\nhi')).toThrow(WebVttError);
  });

  it('answers empty text for a track without cues', () => {
    expect(webVttToText('\uFEFFWEBVTT\n\nNOTE nothing said\n')).toBe('');
  });
});
