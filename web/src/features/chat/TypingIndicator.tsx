export function TypingIndicator({ name }: { name: string }) {
  return (
    <div className="chat-row chat-row--assistant">
      <div className="typing" role="status" aria-label={`${name} is typing`}>
        <span />
        <span />
        <span />
      </div>
    </div>
  );
}
