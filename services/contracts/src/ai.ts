/**
 * The AI Toolkit's assistants and their access rules (spec part 2 §2 "AI Toolkit", §6, §9), written once: the tools
 * service refuses a chat the person's tags do not open, the web shows the same rules on the cards. zod-free (the
 * web imports it as values through '@rainmakers/contracts/ai').
 */

/** The tag the spec writes as {name}: the Mastermind membership (seeded as 'Mastermind'). */
export const MASTERMIND_TAG = 'Mastermind';
export const NOVA_TAG = 'nova';
export const TELLER_TAG = 'teller';

export const MASTERMIND_ONLY = 'Mastermind Members Only';
export const AI_NOT_SET_UP = 'The AI assistants are not set up yet. Please check back soon.';
/** Shown on the AI Toolkit's pages when the answers come from the demo stand-in, not a real AI service. */
export const AI_DEMO_NOTICE =
  'Demo mode: no AI service is connected yet, so the assistants reply with sample answers, not real advice.';
export const AI_ASSISTANT_LOCKED = 'This assistant is for Mastermind members only';
export const AI_COMING_SOON = 'Coming soon';
/** A message may be at most this long (characters). */
export const AI_MESSAGE_MAX = 4_000;
/** Messages a person may send per day (UTC), all assistants together. */
export const AI_DAILY_MESSAGE_LIMIT = 50;
export const AI_DAILY_LIMIT_REACHED = `You have reached today's limit of ${AI_DAILY_MESSAGE_LIMIT} messages. Please come back tomorrow.`;

export const ASSISTANT_KEYS = [
  'instagram-bio',
  'curriculum-coach',
  'product-creation',
  'amazon-listing',
  'customer-support',
] as const;
export type AssistantKey = (typeof ASSISTANT_KEYS)[number];

export interface AssistantSpec {
  key: AssistantKey;
  name: string;
  description: string;
  /** Tags that open it (any of them); empty with `open` true: everyone. Admins always may. */
  tags: readonly string[];
  open: boolean;
  comingSoon: boolean;
  /** The chat screen of the assistant (null: none yet). */
  route: string | null;
  /** The default system prompt (admins can replace it). */
  systemPrompt: string;
}

export const ASSISTANTS: readonly AssistantSpec[] = [
  {
    key: 'instagram-bio',
    name: 'Instagram Bio Expert',
    description: 'Writes an Instagram bio for your brand that says what you sell and why people should follow.',
    tags: [],
    open: true,
    comingSoon: false,
    route: '/ai-toolkit-chat?assistant=instagram-bio',
    systemPrompt:
      'You write Instagram bios for small e-commerce brands selling on Amazon. Ask for the brand, product and audience if missing. Offer three bios of at most 150 characters each, with a call to action.',
  },
  {
    key: 'curriculum-coach',
    name: 'Curriculum Coach',
    description: 'Answers questions about the Rainmakers courses and tells you which lesson to watch next.',
    tags: [MASTERMIND_TAG],
    open: false,
    comingSoon: false,
    route: '/ai-toolkit-chat',
    systemPrompt:
      'You are the Rainmakers curriculum coach. Help members selling on Amazon find the right course, module and lesson for their question, and explain the ideas simply. Be encouraging and concise.',
  },
  {
    key: 'product-creation',
    name: 'Product Creation Expert',
    description: 'Helps you turn a product idea into a differentiated product: features, bundle and packaging.',
    tags: [NOVA_TAG],
    open: false,
    comingSoon: false,
    route: '/ai-toolkit-chat-nova',
    systemPrompt:
      'You are a product creation expert for Amazon private-label sellers. Help improve a product idea from competitor reviews: features, materials, bundles and packaging, with rough cost impact.',
  },
  {
    key: 'amazon-listing',
    name: 'Amazon Listing Expert',
    description: 'Writes keyword-rich titles, bullet points and descriptions for your Amazon listing.',
    tags: [TELLER_TAG],
    open: false,
    comingSoon: true,
    route: null,
    systemPrompt: 'You write Amazon listings: title, five bullet points and a description, keyword-rich and honest.',
  },
  {
    key: 'customer-support',
    name: 'Customer Support',
    description: 'Drafts friendly answers to customer messages and reviews.',
    tags: [MASTERMIND_TAG],
    open: false,
    comingSoon: true,
    route: null,
    systemPrompt: 'You draft polite, helpful replies to Amazon customer messages and reviews.',
  },
];

export const assistantByKey = (key: string): AssistantSpec | undefined => ASSISTANTS.find((a) => a.key === key);

/** Who may see an assistant as open: everyone for open ones, else admins or a holder of one of its tags. */
export function mayUseAssistant(
  person: { role: string; tagNames: readonly string[] },
  assistant: AssistantSpec,
): boolean {
  if (assistant.open) return true;
  if (person.role === 'admin') return true;
  const held = new Set(person.tagNames.map((t) => t.toLowerCase()));
  return assistant.tags.some((t) => held.has(t.toLowerCase()));
}

/** Whether a chat may start: open to the person and not 'coming soon'. */
export const mayChatWith = (person: { role: string; tagNames: readonly string[] }, assistant: AssistantSpec) =>
  !assistant.comingSoon && mayUseAssistant(person, assistant);

/** What GET /api/ai/assistants answers per assistant. */
export interface AssistantCard {
  key: AssistantKey;
  name: string;
  description: string;
  comingSoon: boolean;
  /** Open to this person (otherwise the card shows 'Mastermind Members Only'). */
  available: boolean;
  route: string | null;
}

export interface AssistantsResponse {
  assistants: AssistantCard[];
  /** False when no AI endpoint is configured: the toolkit says so plainly. */
  configured: boolean;
  /**
   * True when the endpoint is a stand-in that gives sample answers (AI_DEMO, as `npm start` runs it without
   * AI_BASE_URL): the toolkit shows AI_DEMO_NOTICE on the page.
   */
  demo: boolean;
}

export interface ConversationSummary {
  id: number;
  assistant: AssistantKey;
  title: string;
  updatedAt: string;
}
export interface ChatMessageBody {
  id: number;
  role: 'user' | 'assistant';
  content: string;
  createdAt: string;
}
