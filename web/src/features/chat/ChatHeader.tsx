import type { Creator } from '../../api';
import { Avatar } from '../../components/Avatar';

export function ChatHeader({ creator }: { creator: Creator }) {
  return (
    <div className="chat-header">
      <Avatar src={creator.thumb} name={creator.nickName} size={44} />
      <div className="chat-header__text">
        <h1 className="chat-header__name">{creator.nickName}</h1>
        <p className="chat-header__handle">
          @{creator.handle} · <span className="chat-header__ai">AI persona</span>
        </p>
      </div>
    </div>
  );
}
