import { useAppSelector } from '../store';
import { selectShowSettings } from '../store/showSettingsSlice';
import { t } from '../texts';

/**
 * The live stream (Twitch embed of the show's channel) with its parent set to the current hostname,
 * optionally with the chat; without a channel in the show settings, a note instead.
 */
export function StreamEmbed({ withChat }: { withChat: boolean }) {
  const streamChannel = useAppSelector(selectShowSettings).streamChannel;
  if (streamChannel === '') return <p className="muted">{t.showSettings.noStream}</p>;
  const parent = window.location.hostname;
  const channel = encodeURIComponent(streamChannel);
  return (
    <div className={`stream ${withChat ? 'stream--chat' : ''}`}>
      <iframe
        className="stream__player"
        title={t.index.streamTitle}
        src={`https://player.twitch.tv/?channel=${channel}&parent=${parent}`}
        allowFullScreen
      />
      {withChat && (
        <iframe
          className="stream__chat"
          title={t.index.chatTitle}
          src={`https://www.twitch.tv/embed/${channel}/chat?parent=${parent}`}
        />
      )}
    </div>
  );
}
