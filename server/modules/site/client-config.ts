import type { ClientConfig } from '../../../core/client-config.ts';
import { cardData } from '../../../data/cards.ts';
import { buildVersion } from '../../build-version.ts';
import { listSetting, type Config } from '../../config.ts';

/** The public settings the pages boot with (core/client-config.ts); nothing secret goes in. */
export function clientConfigOf(config: Config, socialProviders: string[]): ClientConfig {
  return {
    cardVariantDomain: config.CARD_VARIANT_DOMAIN,
    analytics: config.ANALYTICS !== 'off',
    maintenance: config.MAINTENANCE,
    demo: config.DEMO_MODE,
    supportEmail: config.SUPPORT_EMAIL,
    publicUrl: config.PUBLIC_URL,
    captcha: {
      provider: config.CAPTCHA_PROVIDER,
      siteKey: config.CAPTCHA_SITE_KEY,
      scriptUrl: config.CAPTCHA_SCRIPT_URL,
      onLogin: config.CAPTCHA_ON_LOGIN,
    },
    lossyEmailDomains: listSetting(config.LOSSY_EMAIL_DOMAINS),
    resendIntervalMs: config.ACTIVATION_RESEND_INTERVAL_S * 1000,
    socialProviders,
    rates: cardData().rates,
    storefrontOrders: config.CREDITING_PARTNER === 'sandbox' ? 'sandbox' : 'closed',
    assistant: { maintenance: config.ASSISTANT_MAINTENANCE, minSize: config.ASSISTANT_MIN_SIZE },
    version: buildVersion(),
  };
}
