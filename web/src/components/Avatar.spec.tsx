import { cleanup, render } from '@testing-library/react';
import { Avatar } from './Avatar';

afterEach(cleanup);

/** The picture the avatar loads, or null when it shows the name's initial. */
function loaded(src: string): string | null {
  const { container } = render(<Avatar src={src} name="Maya" />);
  const image = container.querySelector('img');
  const shown = image ? image.getAttribute('src') : null;
  cleanup();
  return shown;
}

describe('Avatar', () => {
  it("loads only Backtalk's own pictures; any other address shows the initial", () => {
    expect(loaded('/api/media/tiktok-data/c1/profile/avatar.jpg')).toBe(
      '/api/media/tiktok-data/c1/profile/avatar.jpg',
    );
    expect(loaded('data:image/svg+xml;charset=utf-8,%3Csvg%3E')).toBe(
      'data:image/svg+xml;charset=utf-8,%3Csvg%3E',
    );
    for (const elsewhere of [
      'https://tracker.example/pixel.gif',
      'http://p16-sign.tiktokcdn.com/avatar.jpeg',
      '//tracker.example/pixel.gif',
      '/\\tracker.example/pixel.gif',
      'javascript:alert(1)',
      '',
    ])
      expect(loaded(elsewhere)).toBeNull();
    const { getByText } = render(<Avatar src="https://tracker.example/pixel.gif" name="Maya" />);
    expect(getByText('M')).toBeTruthy();
  });
});
