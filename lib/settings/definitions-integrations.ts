// Integrations (diagram renderers, code navigation, chat app, connector, editor extensions,
// assistant) and Reporting (spam filter, spam check, anti-bot, abuse reports).
import type { SettingDef } from './definitions'
import { builders } from './definitions-helpers'

const { bool, str, list, hash } = builders('integrations')
const rep = builders('reporting')

export const INTEGRATIONS_SETTINGS: readonly SettingDef[] = [
  // Diagram renderers
  bool('plantuml_enabled', false, 'PlantUML enabled', 'Enable the PlantUML diagram renderer.', {
    requires: ['plantuml_url'],
  }),
  str('plantuml_url', null, 'PlantUML URL', 'URL of the PlantUML server.', { format: 'url' }),
  bool('kroki_enabled', false, 'Kroki enabled', 'Enable the Kroki diagram renderer.', { requires: ['kroki_url'] }),
  str('kroki_url', null, 'Kroki URL', 'URL of the Kroki server.', { format: 'url' }),
  hash(
    'kroki_formats',
    { blockdiag: false, bpmn: false, excalidraw: false },
    'Kroki formats',
    'Additional Kroki diagram formats to enable.',
  ),
  bool('diagramsnet_enabled', true, 'Diagrams.net enabled', 'Enable the diagrams.net editor integration.'),
  str('diagramsnet_url', 'https://embed.diagrams.net', 'Diagrams.net URL', 'URL of the diagrams.net embed server.', {
    format: 'url',
  }),

  // Code navigation (codenav)
  bool('codenav_enabled', false, 'Code navigation enabled', 'Default false; requires codenav_url.', {
    requires: ['codenav_url'],
  }),
  bool('codenav_public_only', true, 'Code navigation for public projects only', 'Default true.'),
  str('codenav_url', null, 'Code navigation URL', 'Required by codenav_enabled.', { format: 'url' }),

  // Chat app
  bool('chat_app_enabled', false, 'Chat app enabled', 'Enable the chat app integration.', {
    requires: ['chat_app_id', 'chat_app_secret', 'chat_app_signing_secret', 'chat_app_verification_token'],
  }),
  str('chat_app_id', null, 'Chat app ID', 'Required by chat_app_enabled.'),
  str('chat_app_secret', null, 'Chat app secret', 'Required by chat_app_enabled.', { secret: true }),
  str('chat_app_signing_secret', null, 'Chat app signing secret', 'Required by chat_app_enabled.', { secret: true }),
  str('chat_app_verification_token', null, 'Chat app verification token', 'Required by chat_app_enabled.', {
    secret: true,
  }),

  // Tracker connector
  str(
    'tracker_connect_application_key',
    null,
    'Connector application key',
    'Application key of the tracker connector app.',
    { secret: true },
  ),
  bool(
    'tracker_connect_public_key_storage_enabled',
    false,
    'Connector public key storage',
    'Enable public key storage for the connector.',
  ),
  str('tracker_connect_proxy_url', null, 'Connector proxy URL', 'URL of the connector proxy instance.', {
    format: 'url',
  }),
  str(
    'tracker_connect_additional_audience_url',
    null,
    'Connector additional audience URL',
    'Additional audience URL for connector JWT validation.',
    { format: 'url' },
  ),

  // Integrations allowlist (Ultimate)
  bool(
    'allow_all_integrations',
    true,
    'Allow all integrations',
    'Ultimate; when false only allowed_integrations are permitted.',
  ),
  list(
    'allowed_integrations',
    [],
    'Allowed integrations',
    'Ultimate; integrations permitted when allow_all_integrations is false.',
  ),

  // Editor
  hash('editor_extension_marketplace', {}, 'Editor extension marketplace', 'Editor extension marketplace settings.'),

  // Assistant
  bool(
    'assistant_features_enabled',
    true,
    'Assistant features enabled',
    'Enable assistant features for the instance.',
    { section: 'general' },
  ),
  bool(
    'lock_assistant_features_enabled',
    false,
    'Lock assistant features',
    'Enforce the assistant setting for all groups.',
    { section: 'general' },
  ),
  bool('model_prompt_cache_enabled', true, 'Model prompt cache', 'Enable prompt caching for model requests.', {
    section: 'general',
  }),
  bool(
    'lock_model_prompt_cache_enabled',
    false,
    'Lock model prompt cache',
    'Enforce the prompt cache setting for all groups.',
    { section: 'general' },
  ),

  // Reporting: spam and anti-bot protection
  rep.bool('spamfilter_enabled', false, 'Spam filter enabled', 'Requires spamfilter_api_key.', {
    requires: ['spamfilter_api_key'],
  }),
  rep.str('spamfilter_api_key', null, 'Spam filter API key', 'API key of the spam filter service.', { secret: true }),
  rep.bool('spam_check_endpoint_enabled', false, 'Spam check endpoint enabled', 'Default false.'),
  rep.str('spam_check_endpoint_url', null, 'Spam check endpoint URL', 'Schemes grpc or tls.'),
  rep.str('spam_check_api_key', null, 'Spam check API key', 'API key of the spam check endpoint.', { secret: true }),
  rep.bool('recaptcha_enabled', false, 'reCAPTCHA enabled', 'Protect sign-up with reCAPTCHA.', {
    requires: ['recaptcha_site_key', 'recaptcha_private_key'],
  }),
  rep.str('recaptcha_site_key', null, 'reCAPTCHA site key', 'reCAPTCHA site key.', { secret: true }),
  rep.str('recaptcha_private_key', null, 'reCAPTCHA private key', 'reCAPTCHA private key.', { secret: true }),
  rep.bool('login_recaptcha_protection_enabled', false, 'reCAPTCHA for sign-in', 'Protect sign-in with reCAPTCHA.'),
  rep.bool(
    'invisible_captcha_enabled',
    false,
    'Invisible captcha',
    'Enable invisible captcha spam detection during sign-up.',
  ),
  rep.str('abuse_notification_email', null, 'Abuse notification email', 'Recipient of abuse reports.', {
    format: 'email',
    maxLength: 255,
  }),
  rep.str(
    'admin_notification_email',
    null,
    'Admin notification email (deprecated)',
    'Deprecated; use abuse_notification_email.',
    {
      format: 'email',
      maxLength: 255,
      deprecated: true,
    },
  ),
]
