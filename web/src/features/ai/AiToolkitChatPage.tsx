import { useSearchParams } from 'react-router-dom';
import type { AssistantKey } from '../../api/ai';
import { AssistantChat } from './AssistantChat';

/** /ai-toolkit-chat: the Curriculum Coach (or ?assistant=instagram-bio, the open one). */
export default function AiToolkitChatPage() {
  const [params] = useSearchParams();
  const assistant: AssistantKey = params.get('assistant') === 'instagram-bio' ? 'instagram-bio' : 'curriculum-coach';
  return <AssistantChat key={assistant} assistant={assistant} />;
}
