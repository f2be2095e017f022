import { TypingDots } from '../../components/TypingDots';

export function TypingIndicator({ name }: { name: string }) {
  return (
    <div className="chat-row chat-row--assistant">
      <TypingDots role="status" aria-label={`${name} is typing`} />
    </div>
  );
}
