export {
  AuthMessages,
  buildGenerateRequest,
  CHAT_SAMPLE_COUNT,
  CHAT_INPUT_MAX_LENGTH,
  INTENTS,
  INTENT_LABELS,
  INTENT_PREFIXES,
  LANDING_SAMPLE_COUNT,
  MESSAGE_MAX_LENGTH,
  SAMPLE_QUERIES,
  SCREENING_CATEGORIES,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_MEGABYTES,
  UploadMessages,
  checkUploadFile,
  classifyIntent,
  detectFollowUp,
  cleanChatMessage,
  conversationTitle,
  isUserDefinedCitation,
  newTabTitle,
  passwordStrength,
  readUploadedSource,
  RELEVANCE_LINE,
  savedProtocolId,
  validateChatMessage,
  validateNewPassword,
  validateResetRequest,
  validateSignIn,
  validateSignUp,
  type ChatTurn,
  type CitationSource,
  type FollowUpDecision,
  type ContextSnippet,
  type GenerateRequest,
  type Intent,
  type PasswordStrength,
  type UploadedSourceLink,
} from '@cairn/rules';

export * from './api/api-client';
export * from './api/api-error';
export * from './api/list-page';
export * from './api/response-body';
export * from './api/request-error-catalogue';
export * from './auth/auth-client';
export * from './auth/auth-messages';
export * from './chat/character-counter';
export * from './chat/chat-input';
export * from './config/runtime-config';
export * from './feedback/dialogs';
export * from './feedback/toasts';
export * from './files/save-file';
export * from './library/hospital-library.resource';
export * from './library/use-hospital-library';
export * from './platform/cairn-events';
export * from './platform/cairn-services';
export * from './platform/use-cairn-event';
export * from './platform/remote-contracts';
export * from './source-viewer/citation-source-link';
export * from './source-viewer/source-viewer.component';
export * from './source-viewer/use-source-viewer';
export * from './storage/app-storage';
export * from './time/relative-time';
export * from './ui/button.component';
export * from './ui/feedback.component';
export * from './ui/hospital-badge.component';
export * from './ui/icon.component';
export * from './ui/inline-rename.component';
export * from './ui/modal-dialog.component';
export * from './ui/show-more.component';
export * from './ui/text-field.component';
export * from './auth/oidc-popup';
