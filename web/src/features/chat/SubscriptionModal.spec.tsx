import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import {
  DEMO_NOT_SUBSCRIBABLE,
  FREE_TIER_NOTE,
  SubscriptionModal,
  type SubscriptionModalProps,
} from './SubscriptionModal';

function renderModal(props: Partial<SubscriptionModalProps> = {}) {
  const handlers = { onClose: jest.fn(), onSignUp: jest.fn(), onSubscribe: jest.fn() };
  render(<SubscriptionModal open nextAvailableTime={null} isGuest {...handlers} {...props} />);
  return handlers;
}

describe('SubscriptionModal', () => {
  afterEach(cleanup);

  /** The browser's own short zone name for a moment ('UTC', 'GMT+2', 'EST'). */
  const zoneOf = (at: Date) =>
    new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? '';

  it('says when more messages can be sent, as a local time with its time zone', () => {
    const at = new Date();
    at.setHours(15, 45, 0, 0);
    renderModal({ nextAvailableTime: at.toISOString() });
    const text = screen.getByText(/^You've reached your message limit\./).textContent;
    const localTime = at.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
    expect(text).toBe(
      `You've reached your message limit. You can send more messages after ${localTime} ${zoneOf(at)}.`,
    );
    expect(localTime).toMatch(/(3|15)\D45/);
    expect(zoneOf(at)).not.toBe('');
    expect(screen.getByText(FREE_TIER_NOTE)).toBeTruthy();
  });

  it('includes the date when the time is on another day', () => {
    const at = new Date(2031, 2, 7, 9, 5);
    renderModal({ nextAvailableTime: at.toISOString() });
    const text = screen.getByText(/^You've reached your message limit\./).textContent ?? '';
    const localDay = at.toLocaleString(undefined, { month: 'short', day: 'numeric' });
    expect(text).toContain(localDay);
    expect(text).toMatch(new RegExp(`after .*9\\D05.* ${zoneOf(at)}\\.$`));
  });

  it.each([null, 'not a date'])('asks to subscribe when there is no usable time (%s)', (time) => {
    renderModal({ nextAvailableTime: time });
    expect(
      screen.getByText(
        "You've reached your message limit. Subscribe to continue chatting without interruption.",
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('Free tier users have limited messages. Upgrade for unlimited access.'),
    ).toBeTruthy();
  });

  it('says plainly that a demo creator cannot be subscribed to here, and offers no Subscribe', () => {
    renderModal({ isGuest: false, demoNotSubscribable: true });
    expect(screen.getByText(DEMO_NOT_SUBSCRIBABLE)).toBeTruthy();
    expect(screen.queryByText(FREE_TIER_NOTE)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('closes on Escape', () => {
    const { onClose } = renderModal();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Cancel', () => {
    const { onClose, onSignUp } = renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSignUp).not.toHaveBeenCalled();
  });

  it("offers guests 'Sign Up'", () => {
    const { onSignUp, onSubscribe } = renderModal({ isGuest: true });
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(onSignUp).toHaveBeenCalledTimes(1);
    expect(onSubscribe).not.toHaveBeenCalled();
  });

  it("offers registered users 'Subscribe'", () => {
    const { onSubscribe } = renderModal({ isGuest: false });
    expect(screen.queryByRole('button', { name: 'Sign Up' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(onSubscribe).toHaveBeenCalledTimes(1);
  });

  it('renders nothing when closed', () => {
    const { onClose } = renderModal({ open: false });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
  });
});
