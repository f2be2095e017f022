import type { Creator } from '../../api';
import { Avatar } from '../../components/Avatar';

const SUGGESTIONS = [
  "What's the story behind your latest video?",
  'What are you working on right now?',
  'Any advice for a new fan?',
];

/** Covers the empty chat until the first message (spec §4 Chat). */
export function WelcomeOverlay({
  creator,
  onSuggestion,
}: {
  creator: Creator;
  onSuggestion(text: string): void;
}) {
  return (
    <div className="welcome" data-testid="welcome-overlay">
      <div className="welcome__card">
        <Avatar src={creator.thumb} name={creator.nickName} size={84} />
        <h2 className="welcome__title">Say hi to {creator.nickName}</h2>
        {creator.bio ? <p className="welcome__bio">{creator.bio}</p> : null}
        <p className="welcome__hint">
          You're chatting with an AI version of {creator.nickName}, built from their real posts.
        </p>
        <div className="welcome__suggestions">
          {SUGGESTIONS.map((text) => (
            <button key={text} type="button" className="chip" onClick={() => onSuggestion(text)}>
              {text}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
