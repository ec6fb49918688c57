import { AssistantChat } from './AssistantChat';

/** /ai-toolkit-chat-nova: the Product Creation Expert (tag nova or admin; the server refuses anyone else). */
export default function AiToolkitChatNovaPage() {
  return <AssistantChat assistant="product-creation" />;
}
