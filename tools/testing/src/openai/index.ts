export {
  startOpenAiDouble,
  type ChatReply,
  type ChatResponder,
  type OpenAiChatRequest,
  type OpenAiDouble,
  type OpenAiDoubleOptions,
  type OpenAiFault,
  type StreamPace,
  type RecordedOpenAiRequest,
} from './openai-double.js';
export { promptSources, sourcedReply } from './sourced-reply.js';
