import { MessageForm } from '../../components/MessageForm';
import { t } from '../../texts';

/** Team chat entry (gc): a proposal with chat true. */
export function ChatForm() {
  return (
    <MessageForm
      className="chat-form"
      code="gc"
      label={t.question.chatLabel}
      submitText={t.question.chat}
      failureText={t.question.sendFailed}
    />
  );
}
