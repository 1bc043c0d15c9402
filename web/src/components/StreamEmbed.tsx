import { t } from '../texts';

/** The live stream (Twitch embed) with its parent set to the current hostname, optionally with the chat. */
export function StreamEmbed({ withChat }: { withChat: boolean }) {
  const parent = window.location.hostname;
  const channel = encodeURIComponent(t.stream.channel);
  return (
    <div className={`stream ${withChat ? 'stream--chat' : ''}`}>
      <iframe
        className="stream__player"
        title={t.index.streamTitle}
        src={`https://player.twitch.tv/?channel=${channel}&parent=${parent}`}
        allowFullScreen
      />
      {withChat && (
        <iframe className="stream__chat" title={t.index.chatTitle} src={`https://www.twitch.tv/embed/${channel}/chat?parent=${parent}`} />
      )}
    </div>
  );
}
