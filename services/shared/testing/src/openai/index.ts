export {
  startOpenAiDouble,
  type ChatReply,
  type ChatResponder,
  type OpenAiChatRequest,
  type OpenAiDouble,
  type OpenAiDoubleOptions,
  type OpenAiFault,
  type RecordedOpenAiRequest,
} from './openai-double.js';
